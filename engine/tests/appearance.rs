//! The desktop's appearance: the GTK and KDE settings files read from a real temp tree,
//! followed live as they change; and the real XDG desktop portal (xdg-desktop-portal with
//! its GTK backend, on a private session bus with dconf) asked and followed while
//! `gsettings` changes GNOME's colour scheme.
//! Run: `cargo test -p porpoise-engine --test appearance` (the portal part skips without
//! its packages, fails in CI).

use std::fs;
use std::path::Path;
use std::time::Duration;

use porpoise_engine::appearance::{
    self, Appearance, Portal, Rgb, Scheme, Sources, gtk_prefers_dark, kde_prefers_dark,
};
use porpoise_engine::events::{Events, Next};
use porpoise_testkit::portal::{DesktopPortal, Xvfb};
use porpoise_testkit::{PATIENCE, skip, wait_for};

#[test]
fn gtk_settings_say_dark_or_light() {
    let dark = "[Settings]\ngtk-application-prefer-dark-theme=1\ngtk-theme-name=Adwaita\n";
    assert_eq!(gtk_prefers_dark(dark), Some(true));
    assert_eq!(
        gtk_prefers_dark("[Settings]\ngtk-theme-name = Arc-Dark\n"),
        Some(true)
    );
    assert_eq!(
        gtk_prefers_dark("[Settings]\ngtk-application-prefer-dark-theme=false\n"),
        Some(false)
    );
    assert_eq!(
        gtk_prefers_dark("[Settings]\ngtk-theme-name=Adwaita\n"),
        Some(false)
    );
    // Nothing about the theme, or in another group.
    assert_eq!(
        gtk_prefers_dark("[Settings]\ngtk-font-name=Cantarell 11\n"),
        None
    );
    assert_eq!(
        gtk_prefers_dark("[Other]\ngtk-application-prefer-dark-theme=1\n"),
        None
    );
}

#[test]
fn kde_settings_say_dark_or_light() {
    let breeze_dark =
        "[General]\nColorScheme=BreezeDark\n\n[Colors:Window]\nBackgroundNormal=32,35,38\n";
    assert_eq!(kde_prefers_dark(breeze_dark), Some(true));
    // The background decides over the name; the name alone where no background is given.
    let named_dark_but_light =
        "[General]\nColorScheme=MyDark\n[Colors:Window]\nBackgroundNormal=239,240,241\n";
    assert_eq!(kde_prefers_dark(named_dark_but_light), Some(false));
    assert_eq!(
        kde_prefers_dark("[General]\nColorScheme=BreezeDark\n"),
        Some(true)
    );
    assert_eq!(
        kde_prefers_dark("[General]\nColorScheme=BreezeLight\n"),
        Some(false)
    );
    assert_eq!(kde_prefers_dark("[Icons]\nTheme=breeze\n"), None);
}

#[test]
fn accent_channels_out_of_range_mean_none() {
    assert_eq!(
        Rgb::checked(0.2, 0.4, 1.0),
        Some(Rgb {
            r: 0.2,
            g: 0.4,
            b: 1.0
        })
    );
    assert_eq!(Rgb::checked(-1.0, -1.0, -1.0), None);
    assert_eq!(Rgb::checked(0.5, 1.5, 0.5), None);
    // The portal's preference wins; its "no preference" leaves it to the files.
    let accent = Rgb::checked(0.1, 0.2, 0.3);
    let told = |s| Some((s, accent));
    assert_eq!(
        appearance::combine(told(Scheme::Light), Some(true)),
        Appearance {
            dark: Some(false),
            accent
        }
    );
    assert_eq!(
        appearance::combine(told(Scheme::NoPreference), Some(true)).dark,
        Some(true)
    );
    assert_eq!(appearance::combine(None, None), Appearance::default());
}

fn write(path: &Path, text: &str) {
    fs::create_dir_all(path.parent().expect("a parent")).expect("mkdir");
    // As settings programs do: a new file renamed over the old one.
    let tmp = path.with_extension("tmp");
    fs::write(&tmp, text).expect("write");
    fs::rename(&tmp, path).expect("rename");
}

/// Follow `sources`; what it hands on comes out of the events.
fn follow(sources: Sources) -> Events<Appearance> {
    appearance::follow(sources)
}

/// The next appearance handed on that has `dark`.
fn wait_dark(events: &Events<Appearance>, dark: Option<bool>) {
    wait_for(&format!("dark = {dark:?}"), PATIENCE, || {
        match events.next_timeout(Duration::from_millis(200)) {
            Next::Event(a) => Some(a).filter(|a| a.dark == dark),
            Next::Waiting | Next::Ended => None,
        }
    });
}

#[test]
fn settings_files_are_read_in_order_and_followed_live() {
    let dir = tempfile::tempdir().expect("tempdir");
    let user = dir.path().join("config");
    let system = dir.path().join("xdg");
    write(
        &system.join("kdeglobals"),
        "[General]\nColorScheme=BreezeDark\n",
    );
    let sources = Sources {
        bus: Some(format!("unix:path={}", dir.path().join("no-bus").display())),
        config: vec![user.clone(), system.clone()],
    };
    // Only the system's KDE file says anything: dark.
    assert_eq!(appearance::from_files(&sources.config), Some(true));
    let rx = follow(sources.clone());
    wait_dark(&rx, Some(true));

    // The user's GTK 3 file, in a folder made just now, says light: it is watched too.
    write(
        &user.join("gtk-3.0/settings.ini"),
        "[Settings]\ngtk-application-prefer-dark-theme=0\n",
    );
    wait_dark(&rx, Some(false));
    // GTK 4's goes before GTK 3's.
    write(
        &user.join("gtk-4.0/settings.ini"),
        "[Settings]\ngtk-theme-name=Adwaita-dark\n",
    );
    wait_dark(&rx, Some(true));
    fs::remove_file(user.join("gtk-4.0/settings.ini")).expect("rm");
    wait_dark(&rx, Some(false));
    assert_eq!(appearance::current(&sources).dark, Some(false));
}

#[test]
fn the_real_portal_tells_and_follows_the_colour_scheme() {
    if let Some(why) = porpoise_testkit::portal::missing() {
        skip(&why);
        return;
    }
    let Some(x) = Xvfb::start() else {
        skip("Xvfb is needed for the portal's GTK backend (xvfb)");
        return;
    };
    let portal = DesktopPortal::start(&x.display);
    let asked = Portal::connect(Some(&portal.address)).expect("connect to the bus");
    // GNOME's "default": no preference.
    assert_eq!(
        asked.color_scheme().expect("color-scheme"),
        Scheme::NoPreference
    );
    portal.set_color_scheme("prefer-dark");
    wait_for("the portal to tell dark", PATIENCE, || {
        (asked.color_scheme().ok()? == Scheme::Dark).then_some(())
    });
    // This backend gives no accent colour: none, not an error in the scheme.
    let (scheme, accent) = asked.read().expect("read");
    assert_eq!((scheme, accent), (Scheme::Dark, None));

    // Followed: the SettingChanged signal brings each change, files saying nothing.
    let dir = tempfile::tempdir().expect("tempdir");
    let rx = follow(Sources {
        bus: Some(portal.address.clone()),
        config: vec![dir.path().to_owned()],
    });
    wait_dark(&rx, Some(true));
    portal.set_color_scheme("default");
    wait_dark(&rx, None);
    portal.set_color_scheme("prefer-dark");
    wait_dark(&rx, Some(true));
    // With no preference from the portal, the files decide.
    write(
        &dir.path().join("gtk-3.0/settings.ini"),
        "[Settings]\ngtk-application-prefer-dark-theme=0\n",
    );
    portal.set_color_scheme("default");
    wait_dark(&rx, Some(false));
}
