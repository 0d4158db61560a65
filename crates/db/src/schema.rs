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
        email_verified_at -> Nullable<Timestamptz>,
        joined_via_referral -> Nullable<Text>,
    }
}

diesel::table! {
    session_second_factor (family) {
        family -> Text,
        user_id -> Int8,
        passed_at -> Timestamptz,
    }
}

diesel::table! {
    email_verifications (id) {
        id -> Int8,
        user_id -> Int8,
        code_digest -> Text,
        email -> Text,
        created_at -> Timestamptz,
        expires_at -> Timestamptz,
        used_at -> Nullable<Timestamptz>,
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
        user_agent -> Text,
        address -> Text,
    }
}

diesel::table! {
    plans (id) {
        id -> Text,
        name -> Text,
        kind -> Text,
        billing_interval -> Nullable<Text>,
        trial_days -> Int4,
        amount_cents -> Int8,
        paypal_plan -> Nullable<Text>,
        book_id -> Nullable<Int8>,
        quiz -> Nullable<Text>,
        course -> Nullable<Text>,
        active -> Bool,
    }
}

diesel::table! {
    coupons (code) {
        code -> Text,
        percent_off -> Int2,
        valid_from -> Nullable<Timestamptz>,
        valid_until -> Nullable<Timestamptz>,
        max_redemptions -> Nullable<Int4>,
        redemptions -> Int4,
        plan_ids -> Array<Text>,
        created_at -> Timestamptz,
        amount_off_cents -> Int8,
        once_per_member -> Bool,
        site_offer -> Bool,
        ended_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    coupon_redemptions (charge_id) {
        charge_id -> Text,
        code -> Text,
        member_key -> Text,
        once_per_member -> Bool,
        claimed_at -> Timestamptz,
    }
}

diesel::table! {
    charges (id) {
        id -> Text,
        user_id -> Nullable<Int8>,
        email -> Text,
        plan_id -> Text,
        quantity -> Int4,
        amount_cents -> Int8,
        coupon_code -> Nullable<Text>,
        provider -> Text,
        reference -> Text,
        status -> Text,
        created_at -> Timestamptz,
        attached_at -> Nullable<Timestamptz>,
        referral_id -> Nullable<Text>,
        card_fingerprint -> Nullable<Text>,
        add_on_infographics -> Int2,
    }
}

diesel::table! {
    subscriptions (charge_id) {
        charge_id -> Text,
        status -> Text,
        current_period_end -> Timestamptz,
        as_of -> Timestamptz,
        past_due_since -> Nullable<Timestamptz>,
        end_requested -> Nullable<Text>,
        end_requested_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    reconcile_runs (id) {
        id -> Int8,
        finished_at -> Timestamptz,
        charges_checked -> Int4,
        members_checked -> Int4,
        problems -> Jsonb,
    }
}

diesel::table! {
    access_grants (id) {
        id -> Int8,
        user_id -> Int8,
        plan_id -> Text,
        source -> Text,
        charge_id -> Nullable<Text>,
        code_id -> Nullable<Int8>,
        starts_at -> Timestamptz,
        ends_at -> Nullable<Timestamptz>,
        revoked_at -> Nullable<Timestamptz>,
        revoked_reason -> Nullable<Text>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    trials (id) {
        id -> Int8,
        charge_id -> Text,
        user_id -> Nullable<Int8>,
        email_digest -> Nullable<Text>,
        card_fingerprint -> Nullable<Text>,
        paypal_payer -> Nullable<Text>,
        given_at -> Timestamptz,
    }
}

diesel::table! {
    activity_days (day, user_id) {
        day -> Date,
        user_id -> Int8,
    }
}

diesel::table! {
    completions_daily (day, book_id) {
        day -> Date,
        book_id -> Int8,
        completions -> Int4,
    }
}

diesel::table! {
    audit_log (id) {
        id -> Int8,
        actor_id -> Nullable<Int8>,
        action -> Text,
        entity -> Text,
        entity_id -> Text,
        before -> Jsonb,
        after -> Jsonb,
        reason -> Nullable<Text>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    provider_events (provider, event_id) {
        provider -> Text,
        event_id -> Text,
        received_at -> Timestamptz,
    }
}

diesel::table! {
    cancellations (id) {
        id -> Int8,
        charge_id -> Text,
        reason -> Text,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    two_factor (user_id) {
        user_id -> Int8,
        secret -> Text,
        enabled_at -> Nullable<Timestamptz>,
        last_used_step -> Int8,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    two_factor_recovery_codes (id) {
        id -> Int8,
        user_id -> Int8,
        code_digest -> Text,
        used_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    login_challenges (id) {
        id -> Int8,
        user_id -> Int8,
        challenge_digest -> Text,
        created_at -> Timestamptz,
        expires_at -> Timestamptz,
        used_at -> Nullable<Timestamptz>,
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
        kind -> Text,
        charge_id -> Nullable<Text>,
        shown -> Nullable<Text>,
        invited_email -> Nullable<Text>,
        invited_at -> Nullable<Timestamptz>,
        revoked_at -> Nullable<Timestamptz>,
        revoked_reason -> Nullable<Text>,
    }
}

diesel::table! {
    gifts (charge_id) {
        charge_id -> Text,
        sender_name -> Text,
        recipient_name -> Text,
        recipient_email -> Nullable<Text>,
        message -> Text,
    }
}

diesel::table! {
    referral_ids (user_id) {
        user_id -> Int8,
        referral_id -> Text,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    referrals (member_id) {
        member_id -> Int8,
        referrer_id -> Int8,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    referral_ledger (id) {
        id -> Int8,
        beneficiary_id -> Int8,
        kind -> Text,
        charge_id -> Nullable<Text>,
        amount_cents -> Int8,
        created_at -> Timestamptz,
        note -> Nullable<Text>,
        recorded_by -> Nullable<Int8>,
    }
}

diesel::table! {
    affiliates (user_id) {
        user_id -> Int8,
        name -> Text,
        email -> Text,
        audience -> Text,
        status -> Text,
        applied_at -> Timestamptz,
        decided_at -> Nullable<Timestamptz>,
        decided_by -> Nullable<Int8>,
    }
}

diesel::table! {
    subscription_payments (id) {
        id -> Text,
        charge_id -> Text,
        provider -> Text,
        provider_payment_id -> Text,
        amount_cents -> Int8,
        refund_reference -> Nullable<Text>,
        status -> Text,
        paid_at -> Timestamptz,
    }
}

diesel::table! {
    ten_day_plans (user_id) {
        user_id -> Int8,
        goal_ids -> Array<Int8>,
        book_ids -> Array<Int8>,
        saved_at -> Timestamptz,
        reminders -> Bool,
        unsubscribe_token -> Nullable<Text>,
        last_reminded_on -> Nullable<Date>,
    }
}

diesel::table! {
    quiz_results (user_id, quiz) {
        user_id -> Int8,
        quiz -> Text,
        counts -> Jsonb,
        taken_at -> Timestamptz,
    }
}

diesel::table! {
    ai_summaries (id) {
        id -> Int8,
        user_id -> Int8,
        source_kind -> Text,
        source -> Text,
        input -> Nullable<Bytea>,
        status -> Text,
        title -> Text,
        sections -> Jsonb,
        error -> Nullable<Text>,
        attempts -> Int4,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    referral_settled_payments (charge_id) {
        charge_id -> Text,
        settled_at -> Timestamptz,
    }
}

diesel::table! {
    contact_messages (id) {
        id -> Int8,
        kind -> Text,
        name -> Nullable<Text>,
        email -> Text,
        body -> Text,
        user_id -> Nullable<Int8>,
        read_at -> Nullable<Timestamptz>,
        created_at -> Timestamptz,
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
        attachment_name -> Nullable<Text>,
        attachment_type -> Nullable<Text>,
        attachment -> Nullable<Bytea>,
    }
}

diesel::table! {
    kindle_addresses (user_id) {
        user_id -> Int8,
        address -> Text,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    kindle_sends (id) {
        id -> Int8,
        user_id -> Int8,
        book_id -> Int8,
        sent_at -> Timestamptz,
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
    sign_in_confirmations (code_digest) {
        code_digest -> Text,
        browser_digest -> Text,
        provider -> Text,
        subject -> Text,
        email -> Text,
        first_name -> Text,
        last_name -> Text,
        timezone -> Nullable<Text>,
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

diesel::table! {
    categories (id) {
        id -> Int8,
        subid -> Text,
        name -> Text,
        description -> Text,
        small_image -> Text,
        sort_order -> Int4,
        book_count -> Int8,
    }
}

diesel::table! {
    authors (id) {
        id -> Int8,
        slug -> Text,
        name -> Text,
        bio -> Text,
        photo -> Text,
    }
}

// `search` (a generated tsvector) is left out: only raw search SQL reads it.
// `books` is a view of the books not deleted (`all_books`): what every member query reads.
diesel::table! {
    books (id) {
        id -> Int8,
        subid -> Text,
        title -> Text,
        author_id -> Nullable<Int8>,
        author -> Text,
        author_description -> Text,
        description -> Text,
        image -> Text,
        vector -> Text,
        infographic -> Nullable<Text>,
        body -> Text,
        quotes -> Array<Text>,
        goals -> Array<Text>,
        tags -> Array<Text>,
        media_url -> Nullable<Text>,
        video -> Nullable<Text>,
        free -> Bool,
        popular -> Bool,
        coming_soon -> Bool,
        upload_date -> Timestamptz,
        read_count -> Int4,
        recent_reads -> Int4,
        deleted_at -> Nullable<Timestamptz>,
        podcast -> Nullable<Text>,
        image_card -> Nullable<Text>,
        body_digest -> Text,
        audio_seconds -> Nullable<Int4>,
    }
}

// Every book, deleted ones too (the back office).
diesel::table! {
    all_books (id) {
        id -> Int8,
        subid -> Text,
        title -> Text,
        author_id -> Nullable<Int8>,
        author -> Text,
        author_description -> Text,
        description -> Text,
        image -> Text,
        vector -> Text,
        infographic -> Nullable<Text>,
        body -> Text,
        quotes -> Array<Text>,
        goals -> Array<Text>,
        tags -> Array<Text>,
        media_url -> Nullable<Text>,
        video -> Nullable<Text>,
        free -> Bool,
        popular -> Bool,
        coming_soon -> Bool,
        upload_date -> Timestamptz,
        read_count -> Int4,
        recent_reads -> Int4,
        deleted_at -> Nullable<Timestamptz>,
        podcast -> Nullable<Text>,
        image_card -> Nullable<Text>,
        body_digest -> Text,
        audio_seconds -> Nullable<Int4>,
    }
}

diesel::table! {
    book_categories (book_id, category_id) {
        book_id -> Int8,
        category_id -> Int8,
    }
}

diesel::table! {
    collections (id) {
        id -> Int8,
        slug -> Text,
        title -> Text,
        description -> Text,
        image -> Text,
        sort_order -> Int4,
        categories -> Array<Int8>,
        upload_date -> Timestamptz,
    }
}

diesel::table! {
    collection_books (collection_id, book_id) {
        collection_id -> Int8,
        book_id -> Int8,
        position -> Int4,
    }
}

diesel::table! {
    visuals (id) {
        id -> Int8,
        book_id -> Nullable<Int8>,
        position -> Int4,
        image -> Text,
        title -> Text,
        body -> Text,
    }
}

diesel::table! {
    blog_posts (id) {
        id -> Int8,
        slug -> Text,
        title -> Text,
        excerpt -> Text,
        body -> Text,
        image -> Text,
        category -> Text,
        published_at -> Timestamptz,
        draft -> Bool,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    podcasts (id) {
        id -> Int8,
        title -> Text,
        author -> Text,
        author_description -> Text,
        description -> Text,
        mins -> Int4,
        image -> Text,
        media_url -> Nullable<Text>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    goals (id) {
        id -> Int8,
        title -> Text,
        short_title -> Text,
        mobile_title -> Text,
        description -> Text,
        photo -> Text,
        featured_photo -> Text,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    book_goals (book_id, goal_id) {
        book_id -> Int8,
        goal_id -> Int8,
    }
}

diesel::table! {
    insights (id) {
        id -> Int8,
        book_id -> Int8,
        insight -> Text,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    book_unlocks (user_id, book_id) {
        user_id -> Int8,
        book_id -> Int8,
        ordinal -> Int4,
        unlocked_at -> Timestamptz,
    }
}

diesel::table! {
    monthly_previews (month) {
        month -> Date,
        book_id -> Int8,
    }
}

diesel::table! {
    reading_history (user_id, book_id) {
        user_id -> Int8,
        book_id -> Int8,
        position -> Int4,
        completed -> Bool,
        completed_at -> Nullable<Timestamptz>,
        video_started_at -> Nullable<Timestamptz>,
        started_at -> Timestamptz,
        updated_at -> Timestamptz,
        position_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    reading_days (user_id, day) {
        user_id -> Int8,
        day -> Date,
    }
}

diesel::table! {
    library_items (user_id, book_id) {
        user_id -> Int8,
        book_id -> Int8,
        added_at -> Timestamptz,
    }
}

diesel::table! {
    book_ratings (user_id, book_id) {
        user_id -> Int8,
        book_id -> Int8,
        rating -> Int2,
        feedback -> Text,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    highlights (id) {
        id -> Int8,
        user_id -> Int8,
        book_id -> Int8,
        section -> Int4,
        start_block -> Text,
        start_offset -> Int4,
        end_block -> Text,
        end_offset -> Int4,
        quote_exact -> Text,
        quote_prefix -> Text,
        quote_suffix -> Text,
        position -> Int4,
        section_version -> Text,
        orphaned -> Bool,
        colour -> Text,
        note -> Nullable<Text>,
        review -> Bool,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    review_cards (id) {
        id -> Int8,
        user_id -> Int8,
        book_id -> Int8,
        section -> Nullable<Int4>,
        highlight_id -> Nullable<Int8>,
        due -> Timestamptz,
        stability -> Float8,
        difficulty -> Float8,
        elapsed_days -> Int8,
        scheduled_days -> Int8,
        reps -> Int4,
        lapses -> Int4,
        phase -> Int2,
        last_review -> Nullable<Timestamptz>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    review_log (id) {
        id -> Int8,
        user_id -> Int8,
        card_id -> Nullable<Int8>,
        rating -> Int2,
        was_new -> Bool,
        reviewed_at -> Timestamptz,
        day -> Date,
        xp -> Int4,
    }
}

diesel::table! {
    review_settings (user_id) {
        user_id -> Int8,
        new_per_day -> Int4,
    }
}

diesel::table! {
    podcast_feeds (user_id) {
        user_id -> Int8,
        token_digest -> Text,
        scope -> Text,
        created_at -> Timestamptz,
        warnings -> Int4,
        flagged_on -> Nullable<Date>,
        last_fetched_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    podcast_feed_downloads (user_id, day, address_digest, agent_digest) {
        user_id -> Int8,
        day -> Date,
        address_digest -> Text,
        agent_digest -> Text,
        downloads -> Int4,
    }
}

diesel::joinable!(refresh_tokens -> users (user_id));
diesel::joinable!(two_factor -> users (user_id));
diesel::joinable!(plans -> books (book_id));
diesel::joinable!(highlights -> all_books (book_id));
diesel::joinable!(review_cards -> all_books (book_id));
diesel::joinable!(charges -> users (user_id));
diesel::joinable!(access_grants -> users (user_id));
diesel::joinable!(access_grants -> charges (charge_id));
diesel::joinable!(access_grants -> subscription_codes (code_id));
diesel::joinable!(subscription_payments -> charges (charge_id));
diesel::joinable!(affiliates -> users (user_id));
diesel::joinable!(quiz_results -> users (user_id));
diesel::joinable!(ten_day_plans -> users (user_id));
diesel::joinable!(ai_summaries -> users (user_id));
diesel::joinable!(charges -> plans (plan_id));
diesel::joinable!(coupon_redemptions -> charges (charge_id));
diesel::joinable!(coupon_redemptions -> coupons (code));
diesel::joinable!(subscriptions -> charges (charge_id));
diesel::joinable!(cancellations -> charges (charge_id));
diesel::joinable!(gifts -> charges (charge_id));
diesel::joinable!(audit_log -> users (actor_id));
diesel::joinable!(activity_days -> users (user_id));
diesel::joinable!(completions_daily -> all_books (book_id));
diesel::joinable!(user_identities -> users (user_id));
diesel::joinable!(kindle_addresses -> users (user_id));
diesel::joinable!(kindle_sends -> users (user_id));
diesel::joinable!(password_reset_codes -> users (user_id));
diesel::joinable!(email_verifications -> users (user_id));
diesel::joinable!(analytics_events -> users (user_id));
diesel::joinable!(books -> authors (author_id));
diesel::joinable!(all_books -> authors (author_id));
diesel::joinable!(book_categories -> books (book_id));
diesel::joinable!(book_categories -> categories (category_id));
diesel::joinable!(collection_books -> books (book_id));
diesel::joinable!(collection_books -> collections (collection_id));
diesel::joinable!(visuals -> books (book_id));
diesel::joinable!(book_unlocks -> books (book_id));
diesel::joinable!(book_unlocks -> users (user_id));
diesel::joinable!(monthly_previews -> books (book_id));
diesel::joinable!(reading_history -> books (book_id));
diesel::joinable!(reading_history -> users (user_id));
diesel::joinable!(library_items -> books (book_id));
diesel::joinable!(book_ratings -> books (book_id));
diesel::joinable!(book_goals -> goals (goal_id));
diesel::joinable!(book_goals -> all_books (book_id));
diesel::joinable!(insights -> all_books (book_id));

diesel::table! {
    signing_keys (id) {
        id -> Int4,
        sealed_private_key -> Bytea,
        created_at -> Timestamptz,
    }
}

diesel::allow_tables_to_appear_in_same_query!(
    users,
    podcast_feeds,
    podcast_feed_downloads,
    highlights,
    review_cards,
    review_log,
    review_settings,
    referral_ids,
    referrals,
    referral_ledger,
    contact_messages,
    refresh_tokens,
    two_factor,
    two_factor_recovery_codes,
    plans,
    coupons,
    coupon_redemptions,
    charges,
    subscriptions,
    access_grants,
    reconcile_runs,
    trials,
    provider_events,
    cancellations,
    audit_log,
    activity_days,
    completions_daily,
    login_challenges,
    password_reset_codes,
    email_verifications,
    session_second_factor,
    subscription_codes,
    gifts,
    auth_attempts,
    account_deletion_feedback,
    mail_outbox,
    kindle_addresses,
    kindle_sends,
    analytics_events,
    oauth_states,
    sign_in_confirmations,
    user_identities,
    categories,
    authors,
    books,
    all_books,
    book_categories,
    collections,
    collection_books,
    visuals,
    blog_posts,
    podcasts,
    goals,
    book_goals,
    insights,
    book_unlocks,
    monthly_previews,
    reading_history,
    reading_days,
    library_items,
    book_ratings,
    affiliates,
    referral_settled_payments,
    subscription_payments,
    ten_day_plans,
    quiz_results,
    ai_summaries,
);
