//! The XDG desktop portal's `org.freedesktop.appearance` settings on the session bus
//! (zbus, blocking): `color-scheme` and `accent-color` read through `ReadOne` (portal 1.18
//! and later) or the older `Read`, and its `SettingChanged` signals followed.

use zbus::blocking::Connection;
use zbus::zvariant::{OwnedValue, Value};

use super::Rgb;

const DESTINATION: &str = "org.freedesktop.portal.Desktop";
const PATH: &str = "/org/freedesktop/portal/desktop";
const SETTINGS: &str = "org.freedesktop.portal.Settings";
const NAMESPACE: &str = "org.freedesktop.appearance";

/// The portal's `color-scheme`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scheme {
    /// 0, or a value the specification does not know.
    NoPreference,
    /// 1.
    Dark,
    /// 2.
    Light,
}

impl Scheme {
    pub fn from_number(n: u32) -> Scheme {
        match n {
            1 => Scheme::Dark,
            2 => Scheme::Light,
            _ => Scheme::NoPreference,
        }
    }
}

/// Why the portal told nothing.
#[derive(Debug, thiserror::Error)]
pub enum PortalError {
    #[error("no session bus")]
    NoBus(#[source] Box<zbus::Error>),
    #[error("the portal did not tell {key}")]
    Read {
        key: &'static str,
        #[source]
        source: Box<zbus::Error>,
    },
    #[error("the portal's {key} is not of the specified type")]
    Shape { key: &'static str },
    #[error("cannot follow the portal's settings")]
    Follow(#[source] Box<zbus::Error>),
}

/// A connection to the session bus, to ask the portal there.
#[derive(Clone)]
pub struct Portal {
    bus: Connection,
}

impl Portal {
    /// Connect to the session bus at `address`, or to the one the environment names.
    pub fn connect(address: Option<&str>) -> Result<Portal, PortalError> {
        let bus = match address {
            None => Connection::session(),
            Some(a) => zbus::blocking::connection::Builder::address(a).and_then(|b| b.build()),
        };
        bus.map(|bus| Portal { bus })
            .map_err(|e| PortalError::NoBus(Box::new(e)))
    }

    /// The colour scheme, and the accent colour when the portal gives one.
    pub fn read(&self) -> Result<(Scheme, Option<Rgb>), PortalError> {
        let scheme = self.color_scheme()?;
        let accent = self
            .accent()
            .inspect_err(|e| tracing::debug!("{}", crate::error::chain(e)))
            .ok()
            .flatten();
        Ok((scheme, accent))
    }

    /// `color-scheme`.
    pub fn color_scheme(&self) -> Result<Scheme, PortalError> {
        const KEY: &str = "color-scheme";
        let value = self.read_one(KEY)?;
        match innermost(&value) {
            Value::U32(n) => Ok(Scheme::from_number(*n)),
            _ => Err(PortalError::Shape { key: KEY }),
        }
    }

    /// `accent-color`: `None` when a channel is out of 0..=1.
    pub fn accent(&self) -> Result<Option<Rgb>, PortalError> {
        const KEY: &str = "accent-color";
        let value = self.read_one(KEY)?;
        let Value::Structure(s) = innermost(&value) else {
            return Err(PortalError::Shape { key: KEY });
        };
        match s.fields() {
            [Value::F64(r), Value::F64(g), Value::F64(b)] => Ok(Rgb::checked(*r, *g, *b)),
            _ => Err(PortalError::Shape { key: KEY }),
        }
    }

    /// One setting of the appearance namespace: `ReadOne`, else `Read` (which older
    /// portals have; its value comes wrapped in one more variant).
    fn read_one(&self, key: &'static str) -> Result<OwnedValue, PortalError> {
        let call = |method: &str| -> Result<OwnedValue, zbus::Error> {
            let reply = self.bus.call_method(
                Some(DESTINATION),
                PATH,
                Some(SETTINGS),
                method,
                &(NAMESPACE, key),
            )?;
            reply.body().deserialize::<OwnedValue>()
        };
        call("ReadOne")
            .or_else(|_| call("Read"))
            .map_err(|e| PortalError::Read {
                key,
                source: Box::new(e),
            })
    }

    /// Call `changed` each time the portal says a setting of the appearance namespace
    /// changed, until it returns false or the bus goes. Blocks: run it on a thread of its
    /// own.
    pub fn follow(&self, mut changed: impl FnMut() -> bool) -> Result<(), PortalError> {
        let follow = |e| PortalError::Follow(Box::new(e));
        let rule = zbus::MatchRule::builder()
            .msg_type(zbus::message::Type::Signal)
            .interface(SETTINGS)
            .and_then(|r| r.member("SettingChanged"))
            .and_then(|r| r.path(PATH))
            .and_then(|r| r.arg(0, NAMESPACE))
            .map_err(follow)?
            .build();
        let signals = zbus::blocking::MessageIterator::for_match_rule(rule, &self.bus, None)
            .map_err(follow)?;
        for signal in signals {
            if signal.is_err() || !changed() {
                break;
            }
        }
        Ok(())
    }
}

/// The value inside any number of variants.
fn innermost<'a>(v: &'a Value<'a>) -> &'a Value<'a> {
    match v {
        Value::Value(inner) => innermost(inner),
        other => other,
    }
}
