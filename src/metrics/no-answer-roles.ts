/**
 * Roles whose turns never carry an answer: DeALOG's specialists and
 * verifier, the planner's planning turn. Their turns are not counted as
 * unparsed answers, and they are not answering agents (agreement needs two).
 */
export const NO_ANSWER_ROLES: ReadonlySet<string> = new Set(['TableAgent', 'ContextAgent', 'VisualAgent', 'VerificationAgent', 'PlannerAgent']);
