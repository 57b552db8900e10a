// Copy of the purchase flow: /account-setup, /payment-summary and the
// payment dialog (docs/design/individual.md §2, §4, §5, §8).
import { prices } from "@/lib/copy";

export const purchaseCopy = {
  setup: {
    title: "Create your account",
    intro: "Your account keeps your code and lets you reprint any time. You pay on the next step.",
    email: "Email",
    password: "Password",
    confirm: "Confirm password",
    existingHint: "Already bought from us? Use your existing password and we will sign you in.",
    submit: "Continue to Payment",
    checking: "Checking…",
    failed: { title: "Setup Failed" },
    wrongPassword: "Authentication failed. Please check your password.",
    verifyFailed: "Failed to verify user status",
    back: "Back",
  },
  summary: {
    title: "Order summary",
    noData: "No emergency data found",
    returnHome: "Return to Home",
    checkingSubscription: "Checking for existing subscription...",
    loading: "Loading...",
    name: "Name",
    bloodType: "Blood type",
    contacts: "Emergency contacts",
    allergies: "Allergies",
    listed: "Listed",
    item: { print: "Lifetime print access", physical: "Ready-printed labels" },
    itemDetail: {
      print: "One-time payment · unlimited printing · no subscription",
      physical:
        "One pack (a sheet of your labels); choose more when paying · Including postage and packing · UK delivery in 3-5 business days",
    },
    price: { print: prices.print, physical: prices.physical },
    total: "Total",
    pay: (price: string) => `Pay ${price}`,
    back: "Back",
    bankDeclined:
      "Your bank did not confirm the payment, so nothing was charged. Please try again.",
  },
  dialog: {
    title: { print: "Unlock Print Functionality", physical: "Order Physical Labels" },
    description: {
      print: `Pay ${prices.print} once for lifetime, unlimited printing of your labels.`,
      physical: `Ready-printed labels at ${prices.physical} a pack, including postage and packing.`,
    },
    card: "Card details",
    cardPending:
      "Card payments open here once the payment service is connected. No card details are stored by Lifetag.",
    cancel: "Cancel",
    pay: (price: string) => `Pay ${price}`,
    paying: "Processing…",
    shipping: "Shipping address",
    emailMissing:
      "Email address is required for payment processing. Please complete your emergency information first.",
    initFailed: (status: number) => `Payment initialization failed: ${status}`,
    packs: "Packs",
    packsHint: "One pack is one sheet of your labels.",
    total: (pence: number) => `£${(pence / 100).toFixed(2)}`,
    noSecret: "No client secret received from server",
    initFallback: "Failed to initialize payment. Please try again.",
    paymentFailed: { title: "Payment Failed" },
    paymentError: {
      title: "Payment Error",
      description: "An unexpected error occurred. Please try again.",
    },
    success: {
      title: "Payment Successful",
      print: "Your account has been created and print functionality unlocked!",
      physical: "Your order has been placed successfully!",
    },
  },
  shipping: {
    email: "Email",
    fullName: "Full name",
    addressLine1: "Address line 1",
    addressLine2: "Address line 2 (optional)",
    city: "City",
    county: "County",
    postcode: "Postcode",
    country: "Country",
    countries: ["United Kingdom", "Ireland"] as const,
    errors: {
      emailRequired: "Email address is required",
      emailInvalid: "Valid email address is required",
      fullName: "Full name is required",
      addressLine1: "Address line 1 is required",
      city: "City is required",
      county: "County is required",
      postcode: "Postcode is required",
    },
    delivery: "UK delivery in 3-5 business days",
  },
};
