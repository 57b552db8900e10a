import type { EmergencyData } from "@/lib/emergency";
import { useCorporateMemberStore } from "@/stores/corporate";
import { useEmergencyStore } from "@/stores/emergency";
import { paidStatus, usePaymentStatusStore, useUserStore } from "@/stores/session";
import { useToastStore } from "@/components/ui/toast-store";

export const janeRecord: EmergencyData = {
  personalInfo: { fullName: "Jane Doe", email: "jane@example.com", bloodType: "O+", weight: 70.5 },
  emergencyContacts: [
    { id: "c1", name: "John Doe", relationship: "Husband", phone: "+44 7700 900123" },
  ],
  medicalInfo: { allergies: "Penicillin" },
};

export function resetStores() {
  localStorage.clear();
  sessionStorage.clear();
  useEmergencyStore.setState({ data: null });
  useUserStore.setState({ user: null });
  useCorporateMemberStore.setState({ member: null });
  usePaymentStatusStore.setState({ status: null });
  useToastStore.setState({ toasts: [] });
}

export function saveRecord(now = new Date()) {
  useEmergencyStore.getState().save(janeRecord, now);
}

export function signInPaid(hasPrintAccess = true) {
  useUserStore.getState().signIn({
    email: "jane@example.com",
    userId: "1",
    loginTime: new Date().toISOString(),
    hasPrintAccess,
  });
  if (hasPrintAccess) usePaymentStatusStore.getState().setStatus(paidStatus(true));
}
