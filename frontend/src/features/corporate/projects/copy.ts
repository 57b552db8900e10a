// Strings of the projects pages (admin-corporate-side spec §2 "New project
// page", §4 project statuses). Server messages come from the server.
export const projectsCopy = {
  newTitle: "Create New Project",
  newIntro: "Group your organisation's QR codes by site, crew or contract.",
  name: "Project Name",
  namePlaceholder: "e.g. North Site Scaffolding",
  description: "Description",
  descriptionPlaceholder: "What this project covers (optional)",
  infoTitle: "What is a project?",
  info: [
    "A project groups the QR codes of one site, crew or contract.",
    "You can filter the QR code library and batch printing by project.",
    "Mark a project completed or cancelled when the work ends; its codes stay in your library.",
  ],
  create: "Create Project",
  creating: "Creating…",
  cancel: "Cancel",
  created: "Project created",
  failed: "Project not saved",
  listTitle: "Projects",
  newProject: "New Project",
  none: "No projects yet.",
  codes: (n: number) => `${n} QR ${n === 1 ? "code" : "codes"}`,
  status: "Status",
  statuses: { active: "Active", completed: "Completed", cancelled: "Cancelled" } as Record<
    string,
    string
  >,
  rename: "Rename",
  renameTitle: "Rename project",
  save: "Save",
  saving: "Saving…",
  saved: "Project updated",
  viewCodes: "View QR codes",
  back: "Back to dashboard",
  nameRequired: "Project name is required",
  loadFailed: "Unable to load projects.",
};

/** The project statuses of spec §4, in the status select's order. */
export const PROJECT_STATUSES = ["active", "completed", "cancelled"] as const;
