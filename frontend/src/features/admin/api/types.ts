// The admin API's answers (admin-corporate-side spec §3, §7).
export interface Paged {
  total: number;
  /** A search matched more than `total` (the server stops counting there). */
  totalAtLeast?: boolean;
  page: number;
  pageSize: number;
}

export interface AdminUser {
  id: number;
  email: string;
  hasPrintAccess: boolean;
  isAdmin: boolean;
  referralCode: string | null;
  referralCount: number;
  createdAt: string;
}

export interface AdminOrder {
  id: number;
  orderId: string;
  userId: number;
  userEmail: string;
  labelType: string;
  quantity: number;
  pricePence: number;
  status: string;
  trackingNumber: string | null;
  createdAt: string;
}

export interface AdminStats {
  totalUsers: number;
  paidUsers: number;
  activeReferrers: number;
  totalReferrals: number;
}

export interface Organization {
  id: number;
  name: string;
  organizationType: string;
  contactFirstName: string;
  contactLastName: string;
  contactEmail: string;
  phone: string;
  address: string;
  city: string;
  country: string;
  employeeCount: string;
  subscriptionTier: string;
  subscription_tier?: string;
  subscriptionStatus: string;
  currentQrCodes: number;
  maxQrCodes: number;
  createdAt: string;
}

export interface CustomerData {
  user: { email: string; hasPrintAccess: boolean };
  emergencyData: {
    lastUpdated: string;
    personalInfo: {
      fullName: string;
      dateOfBirth: string;
      bloodType: string;
      weight?: number | null;
    };
    emergencyContacts: { id: string; name: string; phone: string; relationship: string }[];
    medicalInfo: { allergies: string; medications: string; conditions: string; notes?: string };
  } | null;
}

export interface AuditEntry {
  id: number;
  actor: string;
  action: string;
  /** How it reads, written by the server. */
  sentence: string;
  targetUserId: number | null;
  target: string;
  createdAt: string;
}

export interface OrderHistoryEntry {
  status: string;
  trackingNumber: string | null;
  changedBy: string | null;
  changedAt: string;
}

export const orderStatuses = ["pending", "processing", "shipped", "delivered"] as const;
