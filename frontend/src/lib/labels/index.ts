export * from "./design";
export * from "./options";
export * from "./sheets";
