use server::{Application, BuildOptions, Config};

#[actix_web::main]
async fn main() -> anyhow::Result<()> {
    if std::env::args().any(|arg| arg == "--print-openapi") {
        print!("{}", server::openapi::document_json());
        return Ok(());
    }
    let config = Config::from_env()?;
    server::telemetry::init(config.log_json);
    let public_url = config.public_url.clone();
    let throttle = identity::ThrottlePolicy { signups_per_address: config.signups_per_address_per_hour, ..Default::default() };
    let app = Application::build(config, BuildOptions { throttle, ..BuildOptions::default() })?;
    tracing::info!("serving on {public_url} (port {})", app.port());
    app.run_until_stopped().await?;
    tracing::info!("stopped");
    Ok(())
}
