import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/**
 * Whether this tab's history holds a page of the app before this one. The browser router numbers its
 * entries (`idx`) and keeps the number through a replace, which a list's search or a redirect makes; the
 * location's key would not tell (a replace gives a new one).
 */
const canGoBack = () => typeof window !== 'undefined' && (window.history.state?.idx ?? 0) > 0;

/**
 * One step back in this tab's history, or to `fallback` when the page was opened directly (a bookmark,
 * a new tab), where a step back would leave the app.
 */
export function useGoBack(fallback: string) {
  const navigate = useNavigate();
  return useCallback(() => (canGoBack() ? navigate(-1) : navigate(fallback, { replace: true })), [navigate, fallback]);
}
