import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/Alert';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { errorMessage } from '@/lib/api/client';
import type { Seat } from '../api/types';
import { useSeats } from '../api/seats';
import { SeatItem } from '../components/SeatItem';
import '../components/teams.css';

function count(seats: Seat[], state: Seat['state']): number {
  return seats.filter((seat) => seat.state === state).length;
}

/**
 * /teams/manage (signed in): the seats the member bought, each with its code and where it
 * stands; invite a colleague by e-mail, or revoke a seat nobody redeemed.
 */
export default function ManageTeamRoute() {
  const seats = useSeats();
  const [notice, setNotice] = useState('');
  useDocumentTitle('Your team');
  const list = seats.data?.seats ?? [];

  return (
    <div className="page team">
      <header className="page__header">
        <h1 className="page__title">Your team</h1>
        <p className="page__lead">Each seat is a code worth a year of Premium for one person. Invite colleagues by e-mail or hand the codes out yourself.</p>
      </header>
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {seats.isPending ? <Spinner label="Loading your seats…" /> : null}
      {seats.error ? <Alert tone="error">{errorMessage(seats.error)}</Alert> : null}
      {seats.data && list.length === 0 ? (
        <div className="card">
          <p>You have no team seats yet.</p>
          <Link className="btn btn--primary btn--md" to="/teams">
            Buy seats for your team
          </Link>
        </div>
      ) : null}
      {list.length > 0 ? (
        <>
          <dl className="team__summary" aria-label="Seats">
            <div>
              <dt>Seats</dt>
              <dd>{list.length - count(list, 'revoked')}</dd>
            </div>
            <div>
              <dt>Redeemed</dt>
              <dd>{count(list, 'redeemed')}</dd>
            </div>
            <div>
              <dt>Invited</dt>
              <dd>{count(list, 'invited')}</dd>
            </div>
            <div>
              <dt>Free</dt>
              <dd>{count(list, 'free')}</dd>
            </div>
          </dl>
          <ul className="team__seats" aria-label="Team seats">
            {list.map((seat, i) => (
              <SeatItem key={seat.id} seat={seat} number={i + 1} onDone={setNotice} />
            ))}
          </ul>
          <p className="team__more">
            Need more seats? <Link to="/teams">Buy more</Link>
          </p>
        </>
      ) : null}
    </div>
  );
}
