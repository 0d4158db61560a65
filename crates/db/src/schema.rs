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

diesel::table! {
    categories (id) {
        id -> Int8,
        subid -> Text,
        name -> Text,
        description -> Text,
        small_image -> Text,
        sort_order -> Int4,
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
        book_id -> Int8,
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

diesel::joinable!(refresh_tokens -> users (user_id));
diesel::joinable!(user_identities -> users (user_id));
diesel::joinable!(password_reset_codes -> users (user_id));
diesel::joinable!(analytics_events -> users (user_id));
diesel::joinable!(books -> authors (author_id));
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
    categories,
    authors,
    books,
    book_categories,
    collections,
    collection_books,
    visuals,
    blog_posts,
    book_unlocks,
    monthly_previews,
    reading_history,
    reading_days,
    library_items,
    book_ratings,
);
