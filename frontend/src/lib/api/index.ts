export {
  ApiError,
  apiJson,
  apiRequest,
  getJsonOrNullOn401,
  isFreshProofNeeded,
  serverMessage,
  type ClientEnvironment,
} from "./client";
export type { Wire } from "./wire";
