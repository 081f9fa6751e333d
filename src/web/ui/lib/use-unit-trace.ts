import { useEffect, useState } from 'react';
import type { TraceEvent } from '../../../spec/trace.js';
import type { Page, UnitAuditDetail, UnitDetail } from '../../server/api-types.js';
import { ApiFailure, apiPath, getJson } from './api-client.js';

/** Events fetched per request (the API's maximum). */
const EVENTS_PAGE = 1000;

/** Everything the question page shows, loaded together. */
export interface UnitTrace {
  detail: UnitDetail;
  events: TraceEvent[];
  /** The unit's result in the chosen audit; null when the run has no audit or the unit is not in it. */
  audit: UnitAuditDetail | null;
}

export type UnitTraceState = { status: 'loading' } | { status: 'error'; error: Error } | { status: 'ok'; trace: UnitTrace };

/** Loads a unit, all its events (page by page) and its audit result. */
export function useUnitTrace(unitId: string, auditId: string | null): UnitTraceState {
  const [state, setState] = useState<UnitTraceState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const base = `/api/units/${encodeURIComponent(unitId)}`;
    const load = async (): Promise<UnitTrace> => {
      const detail = await getJson<UnitDetail>(base, signal);
      const events: TraceEvent[] = [];
      for (let offset = 0; ; offset += EVENTS_PAGE) {
        const page = await getJson<Page<TraceEvent>>(apiPath(`${base}/events`, { offset, limit: EVENTS_PAGE }), signal);
        events.push(...page.items);
        if (events.length >= page.total || page.items.length === 0) break;
      }
      let audit: UnitAuditDetail | null = null;
      if (detail.audits.length > 0) {
        try {
          audit = await getJson<UnitAuditDetail>(apiPath(`${base}/audit`, { audit: auditId }), signal);
        } catch (error) {
          // Not in the audit (finished after it): the page shows the trace without alignment.
          if (!(error instanceof ApiFailure && error.status === 404)) throw error;
        }
      }
      return { detail, events, audit };
    };
    setState({ status: 'loading' });
    load().then(
      (trace) => setState({ status: 'ok', trace }),
      (error: unknown) => {
        if (!signal.aborted) setState({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return () => controller.abort();
  }, [unitId, auditId]);
  return state;
}
