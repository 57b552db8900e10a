export { LabelOptionsForm } from "./LabelOptionsForm";
export { LabelSheet } from "./LabelSheet";
export { labelCopy } from "./copy";
export { labelLines } from "./labelLines";
