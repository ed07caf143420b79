/** The agent card name's maximum length (the admin form and the model). */
export const AGENT_NAME_MAX = 100;

/** What the server sends for the agent card (issue 22; app/web/page.server.ts agentCardData, app/components/agent-card.tsx). */
export interface AgentCardData {
  name: string;
  /** Language names in the page's language; empty: the line is left out. */
  languages: string[];
  /** An /upload/… path, or null: no photo, no empty frame. */
  photo: string | null;
}
