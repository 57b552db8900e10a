import { beforeEach, describe, expect, it } from "vitest";
import { resetStores } from "@/test/fixtures";
import { renderRoute } from "@/test/renderRoute";
import { screen } from "@testing-library/react";
import { referralCode, referralCodeProblem, rememberReferralCode } from "./referral";

describe("referral code from a link", () => {
  beforeEach(resetStores);

  it("applies the spec's rule: at least 6 characters, letters and digits", () => {
    expect(referralCodeProblem("AB12")).toBe("Referral code must be at least 6 characters");
    expect(referralCodeProblem("ABC-123")).toMatch(/letters and digits/);
    expect(referralCodeProblem("A".repeat(33))).toMatch(/at most 32/);
    expect(referralCodeProblem("ABCDEF23")).toBeNull();
    expect(referralCodeProblem("friend1")).toBeNull();
  });

  it("never stores an invalid code, and keeps an earlier valid one", () => {
    expect(rememberReferralCode("AB1")).toMatch(/at least 6/);
    expect(referralCode()).toBeNull();
    expect(rememberReferralCode(" ABCDEF23 ")).toBeNull();
    expect(rememberReferralCode("x")).not.toBeNull();
    expect(referralCode()).toBe("ABCDEF23");
  });

  it("drops an invalid code stored before the rule, so it never reaches a payment", () => {
    localStorage.setItem("lifetag_referral_code", "AB1");
    expect(referralCode()).toBeNull();
    expect(localStorage.getItem("lifetag_referral_code")).toBeNull();
  });

  it("says on the home page that a short code was not applied, and stores nothing", async () => {
    renderRoute("/?ref=AB1");
    expect(
      await screen.findByText(/Referral code must be at least 6 characters, so this link's code/),
    ).toBeInTheDocument();
    expect(localStorage.getItem("lifetag_referral_code")).toBeNull();
  });

  it("welcomes a valid code and keeps it for the payment", async () => {
    renderRoute("/?ref=FRIEND1");
    expect(await screen.findByText(/referred by a friend \(code FRIEND1\)/)).toBeInTheDocument();
    expect(referralCode()).toBe("FRIEND1");
  });
});
