import { Navigate, useLocation } from 'react-router';
import { rememberReturnPath } from '../../lib/return-path';

/** A signed-out visit to an app page (an invoice link in an e-mail): sign in first, then back here. */
export const SignInFirst = () => {
  const { pathname, search, hash } = useLocation();
  rememberReturnPath(`${pathname}${search}${hash}`);
  return <Navigate to="/" replace />;
};
