// Diesel table definitions, matching `migrations/` (checked by the migration tests, which load
// every table through these definitions).

diesel::table! {
    users (id) {
        id -> Int8,
        email -> Text,
        password_hash -> Text,
        first_name -> Text,
        last_name -> Text,
        role -> Text,
        timezone -> Text,
        plan_id -> Nullable<Text>,
        payment_method -> Nullable<Text>,
        paid_date -> Nullable<Timestamptz>,
        end_paid_date -> Nullable<Timestamptz>,
        recommends -> Array<Int8>,
        friend_email -> Nullable<Text>,
        created_at -> Timestamptz,
        deleted_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    refresh_tokens (id) {
        id -> Int8,
        user_id -> Int8,
        family -> Text,
        token_digest -> Text,
        created_at -> Timestamptz,
        expires_at -> Timestamptz,
        used_at -> Nullable<Timestamptz>,
        revoked_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    password_reset_codes (id) {
        id -> Int8,
        user_id -> Int8,
        code_digest -> Text,
        created_at -> Timestamptz,
        expires_at -> Timestamptz,
        used_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    subscription_codes (id) {
        id -> Int8,
        code_digest -> Text,
        plan_id -> Text,
        duration_days -> Nullable<Int4>,
        created_at -> Timestamptz,
        redeemed_by -> Nullable<Int8>,
        redeemed_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    auth_attempts (id) {
        id -> Int8,
        attempt_key -> Text,
        attempted_at -> Timestamptz,
    }
}

diesel::table! {
    account_deletion_feedback (id) {
        id -> Int8,
        why -> Text,
        how -> Text,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    mail_outbox (id) {
        id -> Int8,
        recipient -> Text,
        subject -> Text,
        text_body -> Text,
        created_at -> Timestamptz,
        attempts -> Int4,
        next_attempt_at -> Timestamptz,
        sent_at -> Nullable<Timestamptz>,
        failed_at -> Nullable<Timestamptz>,
        last_error -> Nullable<Text>,
    }
}

diesel::table! {
    analytics_events (id) {
        id -> Int8,
        name -> Text,
        properties -> Jsonb,
        user_id -> Nullable<Int8>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    oauth_states (state_digest) {
        state_digest -> Text,
        provider -> Text,
        code_verifier -> Text,
        created_at -> Timestamptz,
        expires_at -> Timestamptz,
        used_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    user_identities (provider, subject) {
        provider -> Text,
        subject -> Text,
        user_id -> Int8,
        created_at -> Timestamptz,
    }
}

diesel::joinable!(refresh_tokens -> users (user_id));
diesel::joinable!(user_identities -> users (user_id));
diesel::joinable!(password_reset_codes -> users (user_id));
diesel::joinable!(analytics_events -> users (user_id));

diesel::allow_tables_to_appear_in_same_query!(
    users,
    refresh_tokens,
    password_reset_codes,
    subscription_codes,
    auth_attempts,
    account_deletion_feedback,
    mail_outbox,
    analytics_events,
    oauth_states,
    user_identities,
);
