import { lazy, Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { Alert } from '@/components/Alert';
import { Spinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/api/client';
import { useAdminAccess } from '../api/access';
import { Forbidden, MfaRequired } from '../components/AccessPages';
import { AdminNav } from '../components/AdminNav';
import type { UploadSlot } from '../api/upload';
import '../admin.css';
// Back office II's screens share these (kept here: one stylesheet, one order).
import '../content.css';

// Every screen is its own chunk, loaded only once an admin opens it (stats brings the chart library).
const AdminHome = lazy(() => import(/* webpackChunkName: "admin-home" */ './AdminHome'));
const Users = lazy(() => import(/* webpackChunkName: "admin-users" */ './Users'));
const UserEdit = lazy(() => import(/* webpackChunkName: "admin-user-edit" */ './UserEdit'));
const BooksList = lazy(() => import(/* webpackChunkName: "admin-books-list" */ './BooksList'));
const BookAdd = lazy(() => import(/* webpackChunkName: "admin-book-form" */ './BookAdd'));
const BookEdit = lazy(() => import(/* webpackChunkName: "admin-book-form" */ './BookEdit'));
const BookUpload = lazy(() => import(/* webpackChunkName: "admin-book-upload" */ './BookUpload'));
const Stats = lazy(() => import(/* webpackChunkName: "admin-stats" */ './Stats'));
const Audit = lazy(() => import(/* webpackChunkName: "admin-audit" */ './Audit'));
// Back office II: one chunk per kind of content (list, forms and uploads together).
const PodcastsList = lazy(() => import(/* webpackChunkName: "admin-podcasts" */ './PodcastsList'));
const PodcastAdd = lazy(() => import(/* webpackChunkName: "admin-podcasts" */ './PodcastAdd'));
const PodcastEdit = lazy(() => import(/* webpackChunkName: "admin-podcasts" */ './PodcastEdit'));
const PodcastUpload = lazy(() => import(/* webpackChunkName: "admin-podcasts" */ './PodcastUpload'));
const GoalsList = lazy(() => import(/* webpackChunkName: "admin-goals" */ './GoalsList'));
const GoalAdd = lazy(() => import(/* webpackChunkName: "admin-goals" */ './GoalAdd'));
const GoalEdit = lazy(() => import(/* webpackChunkName: "admin-goals" */ './GoalEdit'));
const GoalUpload = lazy(() => import(/* webpackChunkName: "admin-goals" */ './GoalUpload'));
const BlogList = lazy(() => import(/* webpackChunkName: "admin-blog" */ './BlogList'));
const BlogAdd = lazy(() => import(/* webpackChunkName: "admin-blog" */ './BlogAdd'));
const BlogEdit = lazy(() => import(/* webpackChunkName: "admin-blog" */ './BlogEdit'));
const BlogPhoto = lazy(() => import(/* webpackChunkName: "admin-blog" */ './BlogPhoto'));
const InsightsList = lazy(() => import(/* webpackChunkName: "admin-insights" */ './InsightsList'));
const InsightForm = lazy(() => import(/* webpackChunkName: "admin-insights" */ './InsightForm'));
const CollectionsList = lazy(() => import(/* webpackChunkName: "admin-collections" */ './CollectionsList'));
const CollectionForm = lazy(() => import(/* webpackChunkName: "admin-collections" */ './CollectionForm'));
const VisualsList = lazy(() => import(/* webpackChunkName: "admin-visuals" */ './VisualsList'));
const VisualForm = lazy(() => import(/* webpackChunkName: "admin-visuals" */ './VisualForm'));
const VisualPhoto = lazy(() => import(/* webpackChunkName: "admin-visuals" */ './VisualPhoto'));
const Messages = lazy(() => import(/* webpackChunkName: "admin-messages" */ './Messages'));
const Affiliates = lazy(() => import(/* webpackChunkName: "admin-affiliates" */ './Affiliates'));
const Coupons = lazy(() => import(/* webpackChunkName: "admin-coupons" */ './Coupons'));
const CouponForm = lazy(() => import(/* webpackChunkName: "admin-coupons" */ './CouponForm'));
const Plans = lazy(() => import(/* webpackChunkName: "admin-plans" */ './Plans'));
const PlanForm = lazy(() => import(/* webpackChunkName: "admin-plans" */ './PlanForm'));
const AdminNotFound = lazy(() => import(/* webpackChunkName: "admin-home" */ './AdminNotFound'));

const SLOTS: UploadSlot[] = ['photo', 'vector', 'infographic', 'media', 'podcast', 'video'];

/**
 * /admin/*: the back office shell, in its own chunk (members never download it). Visitors were
 * sent to sign up by the protected route around it; here a member sees the 403 page and an admin
 * without two-factor the way to turn it on. The server refuses both whatever the page does.
 */
export default function AdminLayout() {
  const access = useAdminAccess();
  const location = useLocation();

  switch (access.kind) {
    case 'checking':
      return (
        <div className="page page--center">
          <Spinner label="Checking your access…" />
        </div>
      );
    case 'error':
      return (
        <div className="page page--narrow">
          <Alert tone="warning">{errorMessage(access.error)}</Alert>
        </div>
      );
    case 'forbidden':
      return <Forbidden />;
    case 'mfa-required':
      return <MfaRequired />;
    case 'admin':
      break;
  }

  return (
    <div className="admin">
      <div className="admin__bar">
        <div className="admin__inner">
          <p className="admin__brand">Back office</p>
          <AdminNav pathname={location.pathname} />
        </div>
      </div>
      <div className="admin__inner admin__content">
        <Suspense fallback={<Spinner />}>
          <Routes>
            <Route index element={<AdminHome />} />
            <Route path="users" element={<Users />} />
            <Route path="users/:id" element={<UserEdit />} />
            <Route path="user-edit/:id" element={<UserEdit />} />
            <Route path="books-list" element={<BooksList />} />
            <Route path="book-add" element={<BookAdd />} />
            <Route path="book-edit/:bookId" element={<BookEdit />} />
            {SLOTS.map((slot) => (
              <Route key={slot} path={`book-${slot}/:id`} element={<BookUpload slot={slot} />} />
            ))}
            <Route path="podcasts" element={<PodcastsList />} />
            <Route path="podcasts/:id" element={<PodcastEdit />} />
            <Route path="podcast-add" element={<PodcastAdd />} />
            <Route path="podcast-media/:id" element={<PodcastUpload key="media" slot="media" />} />
            <Route path="podcast-photo/:id" element={<PodcastUpload key="photo" slot="photo" />} />
            <Route path="goals" element={<GoalsList />} />
            <Route path="goal-add" element={<GoalAdd />} />
            <Route path="goal-edit/:id" element={<GoalEdit />} />
            <Route path="goals/photo/:id" element={<GoalUpload key="photo" slot="photo" />} />
            <Route path="goals/featured-photo/:id" element={<GoalUpload key="featured" slot="featured" />} />
            <Route path="blog-list" element={<BlogList />} />
            <Route path="blog-add" element={<BlogAdd />} />
            <Route path="blog-edit/:postId" element={<BlogEdit />} />
            <Route path="blog-photo/:postId" element={<BlogPhoto />} />
            <Route path="insights" element={<InsightsList />} />
            <Route path="insight-add" element={<InsightForm key="add" mode="add" />} />
            <Route path="insight-edit/:id" element={<InsightForm key="edit" mode="edit" />} />
            <Route path="collections" element={<CollectionsList />} />
            <Route path="collection-add" element={<CollectionForm key="add" mode="add" />} />
            <Route path="collection-edit/:id" element={<CollectionForm key="edit" mode="edit" />} />
            <Route path="visuals" element={<VisualsList />} />
            <Route path="visuals-add" element={<VisualForm key="add" mode="add" />} />
            <Route path="visuals-update/:id" element={<VisualForm key="edit" mode="edit" />} />
            <Route path="visuals-photo/:id" element={<VisualPhoto />} />
            <Route path="messages" element={<Messages />} />
            <Route path="affiliates" element={<Affiliates />} />
            <Route path="coupons" element={<Coupons />} />
            <Route path="coupon-add" element={<CouponForm key="add" mode="add" />} />
            <Route path="coupons/:code" element={<CouponForm key="edit" mode="edit" />} />
            <Route path="plans" element={<Plans />} />
            <Route path="plans/:id" element={<PlanForm />} />
            <Route path="stats" element={<Stats />} />
            <Route path="audit" element={<Audit />} />
            <Route path="*" element={<AdminNotFound />} />
          </Routes>
        </Suspense>
      </div>
    </div>
  );
}
