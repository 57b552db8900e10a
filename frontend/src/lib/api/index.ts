export {
  ApiError,
  apiJson,
  apiRequest,
  getJsonOrNullOn401,
  serverMessage,
  type ClientEnvironment,
} from "./client";
export type { Wire } from "./wire";
