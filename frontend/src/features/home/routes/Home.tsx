import { Navigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/Alert';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { errorMessage } from '@/lib/api/client';
import { ProtectedRoute } from '@/lib/auth/protected-route';
import { useSession } from '@/lib/auth/session-api';
import { TokenLoginScreen } from '@/lib/auth/token-login';
import { useViewerHasPremium } from '@/lib/auth/viewer-premium';
import { useHome } from '../api/get-home';
import { Greeting } from '../components/Greeting';
import { HomeInsights } from '../components/HomeInsights';
import { HomeSections } from '../components/HomeSections';
import { HomeSidebar } from '../components/HomeSidebar';
import { InviteFriendBox } from '../components/InviteFriendBox';
import { ReviewDue } from '../components/ReviewDue';
import '../home.css';

export default function HomeRoute() {
  const [params] = useSearchParams();
  const token = params.get('token');
  if (token) return <TokenLoginScreen token={token} />;
  return (
    <ProtectedRoute>
      <HomePage />
    </ProtectedRoute>
  );
}

function HomePage() {
  const session = useSession();
  const home = useHome();
  useDocumentTitle('My Home');
  const user = session.data?.user;
  const isPaid = useViewerHasPremium();

  // Members who have not picked any categories pick them first (spec: Home, Other screens); an
  // operator's account is for the back office, so it is never sent there.
  const homeUser = home.data?.user;
  if (homeUser && homeUser.recommends.length === 0 && !homeUser.isAdmin) return <Navigate to="/choose-categories/new" replace />;
  const showInvite = Boolean(user && !user.isPaid && !user.friendEmail);

  return (
    <div className="page home">
      <HomeSidebar isPaid={isPaid} />
      <div className="home__main">
        {session.isPending ? <div className="skeleton skeleton--title" aria-hidden="true" /> : <Greeting firstName={user?.firstName} />}
        <p className="home__lead">Big ideas from great books, in about 15 minutes each. What will you learn today?</p>
        <ReviewDue />
        {showInvite ? <InviteFriendBox /> : null}
        {home.isPending ? <Spinner label="Loading your books…" /> : null}
        {home.isError ? <Alert tone="error">{errorMessage(home.error)}</Alert> : null}
        {home.data ? <HomeSections data={home.data} /> : null}
        {home.data ? <HomeInsights /> : null}
      </div>
    </div>
  );
}
