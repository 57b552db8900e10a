export { STORAGE_PREFIX, storageKeys } from "./keys";
export {
  clearProductStorage,
  readJson,
  readString,
  removeKey,
  writeJson,
  writeString,
} from "./storage";
