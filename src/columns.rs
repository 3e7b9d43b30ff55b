//! The details view's columns beside the name: which there are, their headers' words,
//! their usual widths, the sort each stands for, and how the settings file holds the
//! chosen ones (names from another version are passed over).

use std::collections::BTreeMap;

use porpoise_engine::listing::SortKey;
use serde::{Deserialize, Deserializer, Serialize};

use crate::i18n::fl;

/// A column beside the name (which is always shown, first).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Column {
    Size,
    Modified,
    Type,
    Owner,
    Group,
    /// The permission bits as `ls -l` writes them (`rwxr-xr-x`).
    Permissions,
    Created,
    Accessed,
    Extension,
}

/// The narrowest and widest a column can be made by dragging its edge.
pub const MIN_WIDTH: f32 = 40.0;
pub const MAX_WIDTH: f32 = 800.0;

impl Column {
    /// Every column, in the order the header's menu lists them.
    pub const ALL: [Column; 9] = [
        Column::Size,
        Column::Modified,
        Column::Type,
        Column::Owner,
        Column::Group,
        Column::Permissions,
        Column::Created,
        Column::Accessed,
        Column::Extension,
    ];

    /// The columns shown until the person chooses others.
    pub const DEFAULT: [Column; 3] = [Column::Size, Column::Modified, Column::Type];

    /// Its header's word.
    pub fn label(self) -> String {
        match self {
            Column::Size => fl!("column-size"),
            Column::Modified => fl!("column-modified"),
            Column::Type => fl!("column-type"),
            Column::Owner => fl!("column-owner"),
            Column::Group => fl!("column-group"),
            Column::Permissions => fl!("column-permissions"),
            Column::Created => fl!("column-created"),
            Column::Accessed => fl!("column-accessed"),
            Column::Extension => fl!("column-extension"),
        }
    }

    /// The sort a click on its header picks.
    pub fn sort_key(self) -> SortKey {
        match self {
            Column::Size => SortKey::Size,
            Column::Modified => SortKey::Modified,
            Column::Type => SortKey::Type,
            Column::Owner => SortKey::Owner,
            Column::Group => SortKey::Group,
            Column::Permissions => SortKey::Permissions,
            Column::Created => SortKey::Created,
            Column::Accessed => SortKey::Accessed,
            Column::Extension => SortKey::Extension,
        }
    }

    /// Its width until the person drags its edge.
    pub fn usual_width(self) -> f32 {
        match self {
            Column::Size => 96.0,
            Column::Modified | Column::Created | Column::Accessed => 140.0,
            Column::Type => 170.0,
            Column::Owner | Column::Group => 100.0,
            Column::Permissions => 100.0,
            Column::Extension => 80.0,
        }
    }

    /// Its values line up on the right (numbers).
    pub fn right_aligned(self) -> bool {
        self == Column::Size
    }
}

/// The columns of a settings file: known names once each, in order.
pub fn known_columns<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Column>, D::Error> {
    let names: Vec<toml::Value> = Vec::deserialize(d)?;
    let mut out: Vec<Column> = Vec::new();
    for c in names
        .into_iter()
        .filter_map(|v| Column::deserialize(v).ok())
    {
        if !out.contains(&c) {
            out.push(c);
        }
    }
    Ok(out)
}

/// The column widths of a settings file: those of known columns, kept within the limits.
pub fn known_widths<'de, D: Deserializer<'de>>(d: D) -> Result<BTreeMap<Column, f32>, D::Error> {
    let all: BTreeMap<String, toml::Value> = BTreeMap::deserialize(d)?;
    Ok(all
        .into_iter()
        .filter_map(|(name, width)| {
            let column = Column::deserialize(toml::Value::String(name)).ok()?;
            let width = width
                .as_float()
                .or_else(|| width.as_integer().map(|i| i as f64))?;
            Some((column, (width as f32).clamp(MIN_WIDTH, MAX_WIDTH)))
        })
        .collect())
}
