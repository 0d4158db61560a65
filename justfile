# Short aliases for people; the real work lives in `cargo xtask`.

default:
    @just --list

# Build everything and serve http://127.0.0.1:4000
run *args:
    cargo xtask run {{args}}

# Every test: Rust, front end, browser end-to-end
test:
    cargo xtask test

# Start only the private PostgreSQL of `run`
db:
    cargo xtask db

# Migrate and load demo data into an empty database
seed:
    cargo xtask seed

# Give an existing account the admin role
make-admin email:
    cargo xtask make-admin {{email}}

# Add a new signing key (old tokens stay valid)
rotate-keys:
    cargo xtask rotate-keys

# Print single-use subscription codes
codes plan *args:
    cargo xtask create-codes {{plan}} {{args}}

# Regenerate the OpenAPI snapshot and front-end API types
codegen:
    cargo xtask codegen

# Check the architecture rules
tidy:
    cargo xtask tidy
