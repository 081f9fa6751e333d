import { useEffect } from 'react';

/** Sets the document title to `what · quorum viewer` while the page is shown. */
export function useTitle(what: string): void {
  useEffect(() => {
    document.title = `${what} · quorum viewer`;
  }, [what]);
}
