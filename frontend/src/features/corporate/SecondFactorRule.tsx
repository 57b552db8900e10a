import { useId } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toastFailure } from "@/components/ui/toastFailure";
import { toast } from "@/components/ui/toast-store";
import { apiJson, type Wire } from "@/lib/api";
import { corporateCopy } from "./copy";

const copy = corporateCopy.secondFactorRule;

/**
 * The owner's rule that every member uses a second factor; a member
 * without one sets it up at their next sign-in. API keys are not affected.
 */
export function SecondFactorRule(props: { orgId: number }) {
  const titleId = useId();
  const path = `/api/corporate/${props.orgId}/second-factor-rule`;
  const key = ["corporate", props.orgId, "second-factor-rule"] as const;
  const client = useQueryClient();
  const rule = useQuery({
    queryKey: key,
    queryFn: () => apiJson<Wire<"SecondFactorRule">>("GET", path),
  });
  const save = useMutation({
    mutationFn: (required: boolean) => apiJson<Wire<"SecondFactorRule">>("PUT", path, { required }),
    onSuccess: (answer) => {
      client.setQueryData(key, answer);
      toast({ title: copy.saved, variant: "success" });
    },
    onError: (error) => toastFailure(error, copy.failed),
  });
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId}>{copy.title}</h2>
      <label className="checkbox-row">
        <input
          type="checkbox"
          checked={rule.data?.required ?? false}
          disabled={!rule.data || save.isPending}
          onChange={(e) => save.mutate(e.target.checked)}
        />
        {copy.label}
      </label>
      <p className="hint">{copy.hint}</p>
    </section>
  );
}
