import { lazy } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { ProtectedRoute } from '@/lib/auth/protected-route';
import { RootLayout } from './layout/RootLayout';
import { RouteErrorBoundary } from './routes/RouteError';

// One chunk per route.
const Landing = lazy(() => import(/* webpackChunkName: "route-landing" */ './routes/Landing'));
const Signup = lazy(() => import(/* webpackChunkName: "route-signup" */ '@/features/auth/routes/Signup'));
const Login = lazy(() => import(/* webpackChunkName: "route-login" */ '@/features/auth/routes/Login'));
const ForgotPassword = lazy(() => import(/* webpackChunkName: "route-forgot-password" */ '@/features/auth/routes/ForgotPassword'));
const ResetPassword = lazy(() => import(/* webpackChunkName: "route-reset-password" */ '@/features/auth/routes/ResetPassword'));
const VerifyEmail = lazy(() => import(/* webpackChunkName: "route-verify-email" */ '@/features/auth/routes/VerifyEmail'));
const ConfirmSignIn = lazy(() => import(/* webpackChunkName: "route-confirm-sign-in" */ '@/features/auth/routes/ConfirmSignIn'));
const Logout = lazy(() => import(/* webpackChunkName: "route-logout" */ '@/features/auth/routes/Logout'));
const SubscriptionCode = lazy(() => import(/* webpackChunkName: "route-subscription-code" */ '@/features/auth/routes/SubscriptionCode'));
const Home = lazy(() => import(/* webpackChunkName: "route-home" */ '@/features/home/routes/Home'));
const Account = lazy(() => import(/* webpackChunkName: "route-account" */ '@/features/account/routes/Account'));
const MyProgress = lazy(() => import(/* webpackChunkName: "route-my-progress" */ '@/features/progress/routes/MyProgress'));
const Library = lazy(() => import(/* webpackChunkName: "route-library" */ '@/features/library/routes/Library'));
const Highlights = lazy(() => import(/* webpackChunkName: "route-highlights" */ '@/features/highlights/routes/Highlights'));
const Review = lazy(() => import(/* webpackChunkName: "route-review" */ '@/features/review/routes/Review'));
const AccountSecurity = lazy(() => import(/* webpackChunkName: "route-account-security" */ '@/features/account/routes/Security'));
const DeleteAccount = lazy(() => import(/* webpackChunkName: "route-delete-account" */ '@/features/account/routes/DeleteAccount'));
const CancelSubscription = lazy(() => import(/* webpackChunkName: "route-cancel" */ '@/features/account/routes/Cancel'));
const PaymentMethod = lazy(() => import(/* webpackChunkName: "route-payment-method" */ '@/features/billing/routes/PaymentMethod'));
const StackSocial = lazy(() => import(/* webpackChunkName: "route-stacksocial" */ '@/features/account/routes/StackSocial'));
const GiftCard = lazy(() => import(/* webpackChunkName: "route-giftcard" */ '@/features/billing/routes/GiftCard'));
const Teams = lazy(() => import(/* webpackChunkName: "route-teams" */ '@/features/billing/routes/Teams'));
const ManageTeam = lazy(() => import(/* webpackChunkName: "route-teams-manage" */ '@/features/billing/routes/ManageTeam'));
const DownloadPdf = lazy(() => import(/* webpackChunkName: "route-download-pdf" */ '@/features/pdf/routes/DownloadPdf'));
const DownloadPdfOr = lazy(() => import(/* webpackChunkName: "route-download-pdf-or" */ '@/features/pdf/routes/DownloadPdfOr'));
const SetKindle = lazy(() => import(/* webpackChunkName: "route-set-kindle" */ '@/features/kindle/routes/SetKindle'));
const SendToKindle = lazy(() => import(/* webpackChunkName: "route-send-to-kindle" */ '@/features/kindle/routes/SendToKindle'));
const Pricing = lazy(() => import(/* webpackChunkName: "route-pricing" */ '@/features/billing/routes/Pricing'));
const Payment = lazy(() => import(/* webpackChunkName: "route-payment" */ '@/features/billing/routes/Payment'));
const Reader = lazy(() => import(/* webpackChunkName: "route-reader" */ '@/features/reader/routes/Reader'));
const BookDetail = lazy(() => import(/* webpackChunkName: "route-book-detail" */ '@/features/reader/routes/BookDetail'));
const Video = lazy(() => import(/* webpackChunkName: "route-video" */ '@/features/reader/routes/Video'));
const Visuals = lazy(() => import(/* webpackChunkName: "route-visuals" */ '@/features/visuals/routes/Visuals'));
const VisualViewer = lazy(() => import(/* webpackChunkName: "route-visual-viewer" */ '@/features/visuals/routes/VisualViewer'));
const Podcasts = lazy(() => import(/* webpackChunkName: "route-podcasts" */ '@/features/podcasts/routes/Podcasts'));
const Podcast = lazy(() => import(/* webpackChunkName: "route-podcast" */ '@/features/podcasts/routes/Podcast'));
const Books = lazy(() => import(/* webpackChunkName: "route-books" */ '@/features/catalogue/routes/Books'));
const BookList = lazy(() => import(/* webpackChunkName: "route-booklist" */ '@/features/catalogue/routes/BookList'));
const Category = lazy(() => import(/* webpackChunkName: "route-category" */ '@/features/catalogue/routes/Category'));
const Collections = lazy(() => import(/* webpackChunkName: "route-collections" */ '@/features/catalogue/routes/Collections'));
const Collection = lazy(() => import(/* webpackChunkName: "route-collection" */ '@/features/catalogue/routes/Collection'));
const Authors = lazy(() => import(/* webpackChunkName: "route-authors" */ '@/features/catalogue/routes/Authors'));
const Author = lazy(() => import(/* webpackChunkName: "route-author" */ '@/features/catalogue/routes/Author'));
const Infographics = lazy(() => import(/* webpackChunkName: "route-infographics" */ '@/features/catalogue/routes/Infographics'));
const Search = lazy(() => import(/* webpackChunkName: "route-search" */ '@/features/catalogue/routes/Search'));
const Blog = lazy(() => import(/* webpackChunkName: "route-blog" */ '@/features/blog/routes/Blog'));
const WhatsNew = lazy(() => import(/* webpackChunkName: "route-whats-new" */ '@/features/blog/routes/WhatsNew'));
const BlogPost = lazy(() => import(/* webpackChunkName: "route-blog-post" */ '@/features/blog/routes/Post'));
const ChooseCategories = lazy(() => import(/* webpackChunkName: "route-choose-categories" */ '@/features/preferences/routes/ChooseCategories'));
const GoBack = lazy(() => import(/* webpackChunkName: "route-goback" */ '@/features/misc/routes/GoBack'));
// Contact and suggest-a-book share their form: one chunk for both.
const Contact = lazy(() => import(/* webpackChunkName: "route-contact" */ '@/features/contact/routes/Contact'));
const Suggest = lazy(() => import(/* webpackChunkName: "route-contact" */ '@/features/contact/routes/Suggest'));
const Feedback = lazy(() => import(/* webpackChunkName: "route-feedback" */ '@/features/contact/routes/Feedback'));
const ReferralCapture = lazy(() => import(/* webpackChunkName: "route-referral-capture" */ '@/features/referral/routes/ReferralCapture'));
const ReferAFriend = lazy(() => import(/* webpackChunkName: "route-refer-a-friend" */ '@/features/referral/routes/ReferAFriend'));
// The affiliate programme: its landing page (under two names) and the application.
const AffiliateLanding = lazy(() => import(/* webpackChunkName: "route-affiliate" */ '@/features/affiliate/routes/AffiliateLanding'));
const AffiliateInvite = lazy(() => import(/* webpackChunkName: "route-invite" */ '@/features/affiliate/routes/Invite'));
// The ten-day challenge (issue 16): goals in, a plan of ten books out.
const TenDayChallenge = lazy(() => import(/* webpackChunkName: "route-ten-day-challenge" */ '@/features/challenge/routes/TenDayChallenge'));
// The reminder mail's link: the plan's daily reminders off, signed in or not.
const ChallengeUnsubscribe = lazy(() => import(/* webpackChunkName: "route-ten-day-challenge-unsubscribe" */ '@/features/challenge/routes/Unsubscribe'));
// Onboarding (issue 16 §3): six steps, then the visitor's plan with sign-up.
const GetStarted = lazy(() => import(/* webpackChunkName: "route-get-started" */ '@/features/onboarding/routes/GetStarted'));
const Secret = lazy(() => import(/* webpackChunkName: "route-secret" */ '@/features/onboarding/routes/Secret'));
// The quizzes (issue 16 §2): both quizzes share one chunk, both results pages another.
const Quiz = lazy(() => import(/* webpackChunkName: "route-quiz" */ '@/features/quiz/routes/Quiz'));
const QuizResults = lazy(() => import(/* webpackChunkName: "route-quiz-results" */ '@/features/quiz/routes/QuizResults'));
// The AI summariser (issue 16 §4): the page with "My summaries", and a summary in the reader's look.
const AiSummariser = lazy(() => import(/* webpackChunkName: "route-ai" */ '@/features/ai/routes/AiSummariser'));
const AiSummary = lazy(() => import(/* webpackChunkName: "route-ai-summary" */ '@/features/ai/routes/AiSummary'));
const About = lazy(() => import(/* webpackChunkName: "route-about" */ '@/features/static-pages/routes/About'));
const Terms = lazy(() => import(/* webpackChunkName: "route-terms" */ '@/features/static-pages/routes/Terms'));
const Privacy = lazy(() => import(/* webpackChunkName: "route-privacy" */ '@/features/static-pages/routes/Privacy'));
// The back office: the shell and each of its screens are chunks of their own (members never load them).
const Admin = lazy(() => import(/* webpackChunkName: "admin-shell" */ '@/features/admin/routes/AdminLayout'));
const NotFound = lazy(() => import(/* webpackChunkName: "route-not-found" */ '@/features/misc/routes/NotFound'));

export const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <RootLayout />
      </RouteErrorBoundary>
    ),
    children: [
      { index: true, element: <Landing /> },
      { path: 'signup', element: <Signup /> },
      { path: 'login', element: <Login /> },
      { path: 'forgot-password', element: <ForgotPassword /> },
      { path: 'reset-password/:email/:code', element: <ResetPassword /> },
      { path: 'verify-email/:code', element: <VerifyEmail /> },
      { path: 'confirm-sign-in/:code', element: <ConfirmSignIn /> },
      { path: 'logout', element: <Logout /> },
      { path: 'subscriptioncode', element: <SubscriptionCode /> },
      { path: 'subscriptioncode/:code', element: <SubscriptionCode /> },
      // /home handles /home?token=... itself before protecting the page.
      { path: 'home', element: <Home /> },
      {
        path: 'account',
        element: (
          <ProtectedRoute>
            <Account />
          </ProtectedRoute>
        ),
      },
      {
        path: 'account/security',
        element: (
          <ProtectedRoute>
            <AccountSecurity />
          </ProtectedRoute>
        ),
      },
      // Public in the back-office route table: visitors see the form and log in (and come back) to act.
      { path: 'account/delete', element: <DeleteAccount /> },
      { path: 'cancel', element: <CancelSubscription /> },
      // The "payment failed" mail's link: visitors log in and come back.
      {
        path: 'account/payment-method',
        element: (
          <ProtectedRoute signIn="login">
            <PaymentMethod />
          </ProtectedRoute>
        ),
      },
      {
        path: 'stacksocial',
        element: (
          <ProtectedRoute>
            <StackSocial />
          </ProtectedRoute>
        ),
      },
      // The same pricing page under both names (/pricing?limit_reached=yes from the reader).
      { path: 'try', element: <Pricing /> },
      { path: 'pricing', element: <Pricing /> },
      // Visitors may pay too (they sign up or log in afterwards).
      { path: 'payment', element: <Payment /> },
      { path: 'payment/:planId', element: <Payment /> },
      { path: 'giftcard', element: <GiftCard /> },
      // The summary as a file (the reader links here).
      {
        path: 'download-pdf/:id/:title',
        element: (
          <ProtectedRoute>
            <DownloadPdf />
          </ProtectedRoute>
        ),
      },
      { path: 'download-pdf-or/:id/:title', element: <DownloadPdfOr /> },
      {
        path: 'set-kindle',
        element: (
          <ProtectedRoute>
            <SetKindle />
          </ProtectedRoute>
        ),
      },
      {
        path: 'send-to-kindle',
        element: (
          <ProtectedRoute>
            <SendToKindle />
          </ProtectedRoute>
        ),
      },
      {
        path: 'send-to-kindle/:bookId',
        element: (
          <ProtectedRoute>
            <SendToKindle />
          </ProtectedRoute>
        ),
      },
      { path: 'teams', element: <Teams /> },
      // Team buyers sign in to manage the seats they bought.
      {
        path: 'teams/manage',
        element: (
          <ProtectedRoute signIn="login">
            <ManageTeam />
          </ProtectedRoute>
        ),
      },
      // Signed-in only: the routes protect themselves.
      { path: 'my-progress', element: <MyProgress /> },
      { path: 'library', element: <Library /> },
      { path: 'highlights', element: <Highlights /> },
      { path: 'review', element: <Review /> },
      { path: 'books/:id', element: <Reader /> },
      { path: 'book-detail/:subid', element: <BookDetail /> },
      { path: 'video/:id', element: <Video /> },
      // Login in the back-office route table: visitors log in and come back.
      {
        path: 'visuals',
        element: (
          <ProtectedRoute signIn="login">
            <Visuals />
          </ProtectedRoute>
        ),
      },
      {
        path: 'visuals/:id',
        element: (
          <ProtectedRoute signIn="login">
            <VisualViewer />
          </ProtectedRoute>
        ),
      },
      { path: 'books', element: <Books /> },
      { path: 'podcasts', element: <Podcasts /> },
      { path: 'podcasts/:id', element: <Podcast /> },
      { path: 'booklist/:sort', element: <BookList /> },
      { path: 'booklist/:sort/:tag', element: <BookList /> },
      { path: 'category/:category', element: <Category /> },
      { path: 'collections', element: <Collections /> },
      { path: 'collections/:slug', element: <Collection /> },
      { path: 'authors', element: <Authors /> },
      { path: 'authors/:slug', element: <Author /> },
      { path: 'infographics', element: <Infographics /> },
      { path: 'search', element: <Search /> },
      { path: 'blog', element: <Blog /> },
      // A static segment outranks a dynamic one: /blog/whats-new never reaches /blog/:id.
      { path: 'blog/whats-new', element: <WhatsNew /> },
      { path: 'blog/:id', element: <BlogPost /> },
      // Signed-in only: the route protects itself.
      { path: 'choose-categories/:type', element: <ChooseCategories /> },
      { path: 'goback', element: <GoBack /> },
      // Anyone may write to the team; a signed-in member's details are filled in.
      { path: 'contact', element: <Contact /> },
      { path: 'suggest', element: <Suggest /> },
      { path: 'feedback-form', element: <Feedback /> },
      // A referral link: keeps the referrer's id for sign-up and checkout, then goes to /.
      { path: 'r/:id', element: <ReferralCapture /> },
      // Members only; visitors log in and come back (member spec §8, Referral).
      {
        path: 'refer-a-friend',
        element: (
          <ProtectedRoute signIn="login">
            <ReferAFriend />
          </ProtectedRoute>
        ),
      },
      // The affiliate programme (issue 15 §1): the landing page for everyone (the footer links /refer);
      // /invite tells visitors to log in or sign up and come back, and shows members their application.
      { path: 'affiliate', element: <AffiliateLanding /> },
      { path: 'refer', element: <AffiliateLanding /> },
      { path: 'invite', element: <AffiliateInvite /> },
      // For everyone: visitors make a plan and log in to save it (they come back here to do so).
      { path: 'ten-day-challenge', element: <TenDayChallenge /> },
      { path: 'ten-day-challenge/unsubscribe', element: <ChallengeUnsubscribe /> },
      // For everyone: a member reaching /secret saves the plan instead of signing up.
      { path: 'get-started', element: <GetStarted /> },
      { path: 'secret', element: <Secret /> },
      // For everyone: the quizzes and their free results; the full report is for members who bought it.
      { path: 'quiz', element: <Quiz quiz="quiz" /> },
      { path: 'personality-quiz', element: <Quiz quiz="personality-quiz" /> },
      { path: 'quiz-results', element: <QuizResults quiz="quiz" /> },
      { path: 'personality-quiz-results', element: <QuizResults quiz="personality-quiz" /> },
      // Paid members only; the pages send unpaid members to /pricing. /ai is public in the
      // back-office route table: visitors see the form and log in (and come back) to summarise.
      { path: 'ai', element: <AiSummariser /> },
      // A member's own summary: visitors log in and come back.
      {
        path: 'ai/summaries/:id',
        element: (
          <ProtectedRoute signIn="login">
            <AiSummary />
          </ProtectedRoute>
        ),
      },
      { path: 'about', element: <About /> },
      { path: 'terms', element: <Terms /> },
      { path: 'privacy', element: <Privacy /> },
      // Visitors sign up first; the shell shows members a 403 page (the server refuses them anyway).
      {
        path: 'admin/*',
        element: (
          <ProtectedRoute>
            <Admin />
          </ProtectedRoute>
        ),
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];

/** The page for the router's address: `routes` (or a test's own) under the browser, static or memory router. */
export function AppRoutes({ table = routes }: { table?: RouteObject[] }) {
  return useRoutes(table);
}
