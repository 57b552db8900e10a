// The admin API's answers (docs/design/admin-corporate.md §3, §7), as the
// contract (pkg/api/openapi.yaml) describes them.
import type { Wire } from "@/lib/api";

export type AdminUser = Wire<"AdminUser">;
export type AdminUsersPage = Wire<"AdminUsersPage">;
export type AdminOrder = Wire<"AdminOrder">;
export type AdminOrdersPage = Wire<"AdminOrdersPage">;
export type AdminStats = Wire<"AdminStats">;
export type Organization = Wire<"AdminOrganization">;
export type CustomerData = Wire<"AdminCustomerData">;
export type AuditEntry = Wire<"AdminAuditEntry">;
export type AuditLogPage = Wire<"AdminAuditLogPage">;
export type OrderHistoryEntry = Wire<"AdminOrderHistoryEntry">;
export type OrderHistory = Wire<"AdminOrderHistory">;
export type ShippingAddress = Wire<"AdminShippingAddress">;
export type ShippingAddressAnswer = Wire<"AdminShippingAddressAnswer">;
export type CreatedUser = Wire<"AdminCreatedUser">;
export type PrintAccessResult = Wire<"AdminPrintAccessResult">;
export type OrderUpdated = Wire<"AdminOrderUpdated">;
export type Message = Wire<"Message">;
export type AdminJob = Wire<"AdminJob">;
export type AdminJobList = Wire<"AdminJobList">;

// The bodies the admin sends.
export type PrintAccessRequest = Wire<"AdminPrintAccessRequest">;
export type CreateUserRequest = Wire<"AdminCreateUserRequest">;
export type DeleteUserRequest = Wire<"AdminDeleteUserRequest">;
export type OrderUpdate = Wire<"AdminOrderUpdate">;
export type HandOverRequest = Wire<"AdminHandOverRequest">;
export type AllowanceRequest = Wire<"AdminAllowanceRequest">;

export const orderStatuses = [
  "pending",
  "processing",
  "shipped",
  "delivered",
] as const satisfies readonly AdminOrder["status"][];
