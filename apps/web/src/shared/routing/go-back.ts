import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * One step back in this tab's history, or to `fallback` when the page was opened directly (a bookmark,
 * a new tab), where a step back would leave the app. The router keys the first page of a tab 'default'.
 */
export function useGoBack(fallback: string) {
  const navigate = useNavigate();
  const opened = useLocation().key === 'default';
  return useCallback(
    () => (opened ? navigate(fallback, { replace: true }) : navigate(-1)),
    [navigate, opened, fallback],
  );
}
