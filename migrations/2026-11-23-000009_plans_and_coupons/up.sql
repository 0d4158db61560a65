-- What the product sells. Amounts are integer US cents; operators edit rows (back office), the
-- server computes every price from them.
CREATE TABLE plans (
    id TEXT PRIMARY KEY CHECK (id ~ '^[a-z0-9-]{1,64}$'),
    name TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('subscription', 'lifetime', 'gift', 'bulk', 'book', 'quiz')),
    -- Subscriptions only.
    billing_interval TEXT CHECK (billing_interval IN ('month', 'year')),
    trial_days INT NOT NULL DEFAULT 0 CHECK (trial_days >= 0),
    amount_cents BIGINT NOT NULL CHECK (amount_cents >= 0),
    paypal_plan TEXT,
    -- Book plans: the summary sold on its own.
    book_id BIGINT REFERENCES books (id),
    -- Quiz-results plans: which quiz.
    quiz TEXT,
    course TEXT,
    active BOOLEAN NOT NULL DEFAULT TRUE,
    CHECK ((kind = 'subscription') = (billing_interval IS NOT NULL)),
    CHECK (kind <> 'book' OR book_id IS NOT NULL),
    CHECK (kind <> 'quiz' OR quiz IS NOT NULL)
);

INSERT INTO plans (id, name, kind, billing_interval, trial_days, amount_cents, paypal_plan, quiz) VALUES
    ('monthly', 'Premium Monthly', 'subscription', 'month', 3, 999, 'P-GISTBOOK-MONTHLY', NULL),
    ('yearly', 'Premium Yearly', 'subscription', 'year', 3, 5999, 'P-GISTBOOK-YEARLY', NULL),
    ('lifetime', 'Premium Lifetime', 'lifetime', NULL, 0, 14999, NULL, NULL),
    ('gift', 'Gift: one year of Premium', 'gift', NULL, 0, 4499, NULL, NULL),
    ('bulk', 'Team seat (one year of Premium)', 'bulk', NULL, 0, 2999, NULL, NULL),
    ('quiz-results', 'Intelligence quiz results', 'quiz', NULL, 0, 499, NULL, 'quiz'),
    ('personality-quiz-results', 'Personality quiz results', 'quiz', NULL, 0, 499, NULL, 'personality-quiz');

CREATE TABLE coupons (
    code TEXT PRIMARY KEY CHECK (code = upper(code) AND code = btrim(code) AND code <> ''),
    percent_off SMALLINT NOT NULL CHECK (percent_off BETWEEN 0 AND 100),
    valid_from TIMESTAMPTZ,
    valid_until TIMESTAMPTZ,
    max_redemptions INT CHECK (max_redemptions >= 0),
    -- Paid charges that used it (counted once per charge, with the charge).
    redemptions INT NOT NULL DEFAULT 0 CHECK (redemptions >= 0),
    -- Empty: every plan.
    plan_ids TEXT[] NOT NULL DEFAULT '{}',
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
