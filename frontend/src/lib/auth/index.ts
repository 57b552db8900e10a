export { isAdmin, login, useLogin, type LoginRequest, type LoginResponse } from "./login";
export { logout } from "./logout";
export { getPaymentStatus, type PaymentStatusResponse } from "./payment-status";
export { loadServerData, restoreSession, storeSession } from "./session";
export {
  pushEmergencyData,
  RecordNotSavedError,
  storeShownRecord,
  syncEmergencyData,
} from "./sync-emergency-data";
export { getUserData, type UserDataResponse } from "./user-data";
export {
  addPasskey,
  confirmIdentity,
  confirmIdentityWithPasskey,
  finishSetUpPasskey,
  finishSetUpTotp,
  isSignInStep,
  passkeySignIn,
  secondFactorCode,
  secondFactorPasskey,
  setUpStepTotp,
  type SignedIn,
  type SignInStep,
} from "./second-step";
