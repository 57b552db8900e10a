export * from "./options";
export * from "./sheets";
