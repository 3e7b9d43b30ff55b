//! The languages the environment asks for: the `LANGUAGE` list, else the language of the
//! first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set. A locale without a language
//! (`C`, `C.UTF-8`, `POSIX`) asks for none, which is English, and says nothing about it.

use i18n_embed::unic_langid::LanguageIdentifier;

/// The languages asked for, most wanted first.
pub fn requested_languages() -> Vec<LanguageIdentifier> {
    let var = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
    let locale = var("LC_ALL")
        .or_else(|| var("LC_MESSAGES"))
        .or_else(|| var("LANG"));
    from_variables(var("LANGUAGE").as_deref(), locale.as_deref())
}

/// The languages `language` (the `LANGUAGE` list) and `locale` (the locale in force) ask
/// for.
fn from_variables(language: Option<&str>, locale: Option<&str>) -> Vec<LanguageIdentifier> {
    let listed: Vec<LanguageIdentifier> = language
        .unwrap_or_default()
        .split(':')
        .filter_map(identifier)
        .collect();
    if !listed.is_empty() {
        return listed;
    }
    locale.and_then(identifier).into_iter().collect()
}

/// The language of a locale name (`pt_BR.UTF-8@euro` → `pt-BR`); `None` for `C`, `POSIX`
/// and what is not a language.
fn identifier(locale: &str) -> Option<LanguageIdentifier> {
    let name = locale.split(['.', '@']).next().unwrap_or_default();
    if name.is_empty() || name == "C" || name == "POSIX" {
        return None;
    }
    name.replace('_', "-").parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(language: Option<&str>, locale: Option<&str>) -> Vec<String> {
        from_variables(language, locale)
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    #[test]
    fn the_c_locale_asks_for_no_language() {
        assert!(names(None, Some("C.UTF-8")).is_empty());
        assert!(names(None, Some("POSIX")).is_empty());
        assert!(names(None, None).is_empty());
    }

    #[test]
    fn a_locale_asks_for_its_language_and_language_lists_come_first() {
        assert_eq!(names(None, Some("de_DE.UTF-8")), ["de-DE"]);
        assert_eq!(names(None, Some("pt_BR@euro")), ["pt-BR"]);
        assert_eq!(names(Some("fr:de"), Some("en_US.UTF-8")), ["fr", "de"]);
        assert_eq!(names(Some("::"), Some("de_AT.UTF-8")), ["de-AT"]);
        assert_eq!(names(Some("de"), Some("C.UTF-8")), ["de"]);
    }
}
