// The print station's sign-in through this browser's session.
import { useMutation, useQuery } from "@tanstack/react-query";
import { apiJson, getJsonOrNullOn401, type Wire } from "@/lib/api";

/** Who is signed in on this browser (null: nobody), from the account's security summary. */
export const useSignedInAccount = () =>
  useQuery({
    queryKey: ["station-sign-in", "account"],
    queryFn: () => getJsonOrNullOn401<Wire<"AccountSecurity">>("/api/account/security"),
  });

/** The station's loopback address with its single-use code (/api/auth/station-code). */
export const useStationCode = () =>
  useMutation({
    mutationFn: (loopback: Wire<"StationCodeRequest">) =>
      apiJson<Wire<"StationCodeResponse">>("POST", "/api/auth/station-code", loopback),
  });
