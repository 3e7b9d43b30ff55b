//! Archives as data from anywhere: what an entry's name may become inside the folder an
//! archive is extracted into, and where an archive's entries land. Reading and writing
//! the formats builds on these rules.

pub mod beneath;
pub mod compress;
pub mod extract;
pub mod format;
pub mod landing;
pub mod list;
pub mod names;
pub mod read;
