//! Translations: the Fluent files embedded in the binary, the language chosen from the
//! environment, and the `fl!` macro every user-visible string goes through.

use std::sync::LazyLock;
use std::sync::atomic::{AtomicU64, Ordering};

use i18n_embed::LanguageLoader;
use i18n_embed::fluent::{FluentLanguageLoader, fluent_language_loader};
use rust_embed::RustEmbed;

mod requested;

#[derive(RustEmbed)]
#[folder = "i18n/"]
struct Localizations;

/// The loader every `fl!` reads from; languages picked from LANGUAGE/LC_ALL/LC_MESSAGES/LANG.
pub static LOADER: LazyLock<FluentLanguageLoader> = LazyLock::new(|| {
    let loader: FluentLanguageLoader = fluent_language_loader!();
    let requested = requested::requested_languages();
    if let Err(e) = i18n_embed::select(&loader, &Localizations, &requested) {
        tracing::warn!("cannot load translations: {e}");
        if let Err(e) = loader.load_fallback_language(&Localizations) {
            tracing::error!("cannot load the English strings: {e}");
        }
    }
    loader.set_use_isolating(false);
    loader
});

/// How many times the language was switched: words kept from before a switch are stale.
static SWITCHES: AtomicU64 = AtomicU64::new(0);

/// The number of language switches so far, for caches of translated words.
pub fn switches() -> u64 {
    SWITCHES.load(Ordering::Relaxed)
}

/// Switch the window's language (e.g. `"de"`); falls back to English for missing keys.
pub fn select(languages: &[&str]) {
    SWITCHES.fetch_add(1, Ordering::Relaxed);
    let ids: Vec<_> = languages.iter().filter_map(|l| l.parse().ok()).collect();
    if let Err(e) = i18n_embed::select(&*LOADER, &Localizations, &ids) {
        tracing::warn!("cannot switch language: {e}");
    }
    LOADER.set_use_isolating(false);
}

/// Speak `language` (e.g. `"de"`), or with `None` the desktop's (LANGUAGE, LC_ALL,
/// LC_MESSAGES, LANG: variables, no files).
pub fn apply(language: Option<&str>) {
    SWITCHES.fetch_add(1, Ordering::Relaxed);
    match language {
        Some(l) => select(&[l]),
        None => {
            let requested = requested::requested_languages();
            if let Err(e) = i18n_embed::select(&*LOADER, &Localizations, &requested) {
                tracing::warn!("cannot switch language: {e}");
            }
            LOADER.set_use_isolating(false);
        }
    }
}

/// The language currently shown, e.g. "en" or "de".
pub fn current_language() -> String {
    LOADER.current_language().language.to_string()
}

/// The window's language as the desktop's data files name locales (`xml:lang`): `pt_BR`,
/// then `pt`.
pub fn locale_names() -> Vec<String> {
    let id = LOADER.current_language();
    let language = id.language.to_string();
    match id.region {
        Some(region) => vec![format!("{language}_{region}"), language],
        None => vec![language],
    }
}

/// Look up a message by id (checked against `i18n/en/porpoise.ftl` at compile time).
macro_rules! fl {
    ($id:literal) => {{ i18n_embed_fl::fl!($crate::i18n::LOADER, $id) }};
    ($id:literal, $($args:tt)*) => {{ i18n_embed_fl::fl!($crate::i18n::LOADER, $id, $($args)*) }};
}
pub(crate) use fl;

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    fn keys(text: &str) -> BTreeSet<String> {
        text.lines()
            .filter(|l| !l.starts_with(' ') && !l.starts_with('#') && l.contains(" ="))
            .filter_map(|l| l.split(" =").next())
            .map(str::to_owned)
            .collect()
    }

    #[test]
    fn german_has_every_key() {
        let en = keys(include_str!("../i18n/en/porpoise.ftl"));
        let de = keys(include_str!("../i18n/de/porpoise.ftl"));
        let missing: Vec<_> = en.difference(&de).collect();
        assert!(missing.is_empty(), "German lacks {missing:?}");
        assert!(en.len() > 50);
    }
}
