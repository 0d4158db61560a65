import { NotFoundMessage } from './Messages';

export function UnknownList({ sort }: { sort: string }) {
  return <NotFoundMessage title="Book list not found">There is no book list called “{sort}”. Try Latest or Popular instead.</NotFoundMessage>;
}
