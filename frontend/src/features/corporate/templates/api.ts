// Form templates (docs/design/admin-corporate.md §7): list, create, update, delete.
// The list starts with the built-in Standard Emergency Form (id 0, builtIn).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson, type Wire } from "@/lib/api";

/** A form template; its times are null for the built-in form. */
export type FormTemplate = Wire<"FormTemplate">;

/** The body of a create or update (docs/design/admin-corporate.md §7). */
export type TemplateInput = Wire<"FormTemplateRequest">;

type TemplateSaved = Wire<"FormTemplateSaved">;

/** The id of the built-in Standard Emergency Form. */
export const STANDARD_TEMPLATE_ID = 0;

/**
 * The template every form starts on (Create QR Code, Import CSV, collection
 * links): the organisation's default, else the Standard Emergency Form.
 */
export function defaultTemplateId(templates: FormTemplate[] | undefined): number {
  return templates?.find((t) => t.isDefault)?.id ?? STANDARD_TEMPLATE_ID;
}

export const templateKeys = {
  list: (orgId: number) => ["corporate", "templates", orgId] as const,
};

export async function listTemplates(orgId: number): Promise<FormTemplate[]> {
  const body = await apiJson<Wire<"FormTemplateList">>(
    "GET",
    `/api/corporate/${orgId}/form-templates`,
  );
  return body.templates;
}

export function createTemplate(orgId: number, input: TemplateInput) {
  return apiJson<TemplateSaved>("POST", `/api/corporate/${orgId}/form-templates`, input);
}

export function updateTemplate(templateId: number, input: TemplateInput) {
  return apiJson<TemplateSaved>("PUT", `/api/corporate/form-templates/${templateId}`, input);
}

export function deleteTemplate(templateId: number) {
  return apiJson<Wire<"FormTemplateDeleted">>(
    "DELETE",
    `/api/corporate/form-templates/${templateId}`,
  );
}

export function useTemplates(orgId: number | null) {
  return useQuery({
    queryKey: templateKeys.list(orgId ?? 0),
    queryFn: () => listTemplates(orgId!),
    enabled: orgId !== null,
    retry: false,
  });
}

/** Saves a template: creates it when id is null, updates it otherwise. */
export function useSaveTemplate(orgId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: TemplateInput }) =>
      id === null ? createTemplate(orgId, input) : updateTemplate(id, input),
    onSuccess: () => client.invalidateQueries({ queryKey: templateKeys.list(orgId) }),
  });
}

export function useDeleteTemplate(orgId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: () => client.invalidateQueries({ queryKey: templateKeys.list(orgId) }),
  });
}
