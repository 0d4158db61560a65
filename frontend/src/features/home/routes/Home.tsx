import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import { ProtectedRoute } from '@/lib/auth/protected-route';
import { useSession } from '@/lib/auth/session-api';
import { TokenLoginScreen } from '@/lib/auth/token-login';
import { isPaidCookie } from '@/lib/storage';
import { Greeting } from '../components/Greeting';
import { HomeSidebar } from '../components/HomeSidebar';
import { InviteFriendBox } from '../components/InviteFriendBox';
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
  useDocumentTitle('My Home');
  const user = session.data?.user;
  const isPaid = user ? user.isPaid : isPaidCookie();
  const showInvite = Boolean(user && !user.isPaid && !user.friendEmail);

  return (
    <div className="page home">
      <HomeSidebar isPaid={isPaid} />
      <div className="home__main">
        {session.isPending ? (
          <div className="skeleton skeleton--title" aria-hidden="true" />
        ) : (
          <Greeting firstName={user?.firstName} />
        )}
        <p className="home__lead">Big ideas from great books, in about 15 minutes each. What will you learn today?</p>
        {showInvite ? <InviteFriendBox /> : null}
      </div>
    </div>
  );
}
