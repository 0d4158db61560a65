import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { Alert } from '@/components/Alert';
import { Breadcrumb } from '@/components/Breadcrumb';
import { Button } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { sendEvent } from '@/lib/analytics';
import { ProtectedRoute } from '@/lib/auth/protected-route';
import { useAccount } from '@/lib/auth/account-api';
import { useCategories } from '@/lib/catalogue/categories-api';
import { useSaveRecommends } from '../api/save-recommends';
import '../preferences.css';

export const MESSAGES = {
  intro: 'Please pick the categories that you are interested in, and we will recommend books for you to read.',
  pickOne: 'Please pick a category.',
  saved: 'Your preferences were successfully saved.',
  userFailed: "Couldn't fetch the user",
  categoriesFailed: "Couldn't fetch the categories",
  saveFailed: 'There was an error processing your request. Please try again later.',
} as const;

type PageType = 'new' | 'edit';

/** /choose-categories/:type (new after sign-up, edit from the account page); signed-in only. */
export default function ChooseCategoriesRoute() {
  const { type } = useParams();
  return (
    <ProtectedRoute>
      <ChooseCategories key={type} type={type === 'edit' ? 'edit' : 'new'} />
    </ProtectedRoute>
  );
}

function ChooseCategories({ type }: { type: PageType }) {
  useDocumentTitle('Set Preferences');
  const navigate = useNavigate();
  const account = useAccount();
  const categories = useCategories();
  const save = useSaveRecommends();
  /** null until the member touches a box: until then the saved picks (edit) or nothing (new). */
  const [picked, setPicked] = useState<number[] | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const user = account.data?.user;
  const current = picked ?? (type === 'edit' ? (user?.recommends ?? []) : []);

  // A member who already chose does not choose again after sign-up.
  if (type === 'new' && user && user.recommends.length > 0 && !save.isPending && !save.isSuccess) {
    return <Navigate to="/home" replace />;
  }

  const toggle = (id: number, on: boolean) => {
    setSaved(false);
    setAlert(null);
    setPicked(on ? [...current.filter((x) => x !== id), id] : current.filter((x) => x !== id));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    if (current.length === 0) {
      setAlert(MESSAGES.pickOne);
      return;
    }
    setAlert(null);
    // Keep the categories' display order.
    const order = categories.data?.categories.map((c) => c.id) ?? [];
    const recommends = [...current].sort((a, b) => order.indexOf(a) - order.indexOf(b));
    save.mutate(
      { recommends },
      {
        onSuccess: () => {
          const subids = categories.data?.categories.filter((c) => recommends.includes(c.id)).map((c) => c.subid) ?? [];
          sendEvent({ name: 'categories_selected', properties: { type, categoryIds: recommends, categories: subids } });
          if (type === 'new') void navigate('/home', { replace: true });
          else setSaved(true);
        },
        onError: () => setAlert(MESSAGES.saveFailed),
      },
    );
  };

  const loading = account.isPending || categories.isPending;

  return (
    <div className="page preferences">
      <Breadcrumb items={[{ label: 'Home', to: '/home' }, { label: 'Set Preferences' }]} />
      <header className="page__header">
        <h1 className="page__title">Set Preferences</h1>
        <p className="page__lead">{MESSAGES.intro}</p>
      </header>

      {account.isError ? <Alert tone="error">{MESSAGES.userFailed}</Alert> : null}
      {categories.isError ? <Alert tone="error">{MESSAGES.categoriesFailed}</Alert> : null}
      {loading ? <Spinner label="Loading categories…" /> : null}

      {!loading && categories.data ? (
        <form className="preferences__form" onSubmit={onSubmit} noValidate>
          <fieldset className="preferences__fieldset">
            <legend className="visually-hidden">Categories</legend>
            <ul className="category-choices">
              {categories.data.categories.map((category) => {
                const checked = current.includes(category.id);
                return (
                  <li key={category.id}>
                    <label className={checked ? 'category-choice category-choice--checked' : 'category-choice'}>
                      <input
                        type="checkbox"
                        name="recommends"
                        value={category.id}
                        checked={checked}
                        onChange={(event) => toggle(category.id, event.target.checked)}
                      />
                      {category.small_image ? (
                        <img src={category.small_image} alt="" width={48} height={48} loading="lazy" decoding="async" />
                      ) : (
                        <span className="category-choice__blank" aria-hidden="true" />
                      )}
                      <span className="category-choice__name">{category.name}</span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
          {alert ? <Alert tone={alert === MESSAGES.saveFailed ? 'error' : 'warning'}>{alert}</Alert> : null}
          {saved ? <Alert tone="success">{MESSAGES.saved}</Alert> : null}
          <div className="preferences__actions">
            <Button type="submit" size="lg" loading={save.isPending} loadingText="Saving…">
              Submit
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
