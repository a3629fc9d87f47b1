//! Value marks: annotations that travel with values through operations
//! without being part of them (OpenTofu's `marks.Sensitive` and
//! `marks.Ephemeral`).

use std::fmt;

/// One mark.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mark {
    /// Hidden in plan and console output as `(sensitive value)`.
    Sensitive,
    /// Never persisted; shown as `(ephemeral value)`.
    Ephemeral,
}

impl Mark {
    const ALL: [Mark; 2] = [Mark::Sensitive, Mark::Ephemeral];

    fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// A set of marks; cheap to copy and to combine.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Marks(u8);

impl Marks {
    pub const NONE: Marks = Marks(0);
    pub const SENSITIVE: Marks = Marks(1 << Mark::Sensitive as u8);
    pub const EPHEMERAL: Marks = Marks(1 << Mark::Ephemeral as u8);

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn contains(self, mark: Mark) -> bool {
        self.0 & mark.bit() != 0
    }

    pub fn with(self, mark: Mark) -> Marks {
        Marks(self.0 | mark.bit())
    }

    pub fn union(self, other: Marks) -> Marks {
        Marks(self.0 | other.0)
    }

    pub fn iter(self) -> impl Iterator<Item = Mark> {
        Mark::ALL.into_iter().filter(move |m| self.contains(*m))
    }
}

impl From<Mark> for Marks {
    fn from(mark: Mark) -> Marks {
        Marks(mark.bit())
    }
}

impl FromIterator<Mark> for Marks {
    fn from_iter<I: IntoIterator<Item = Mark>>(iter: I) -> Marks {
        iter.into_iter().fold(Marks::NONE, Marks::with)
    }
}

impl std::ops::BitOr for Marks {
    type Output = Marks;

    fn bitor(self, other: Marks) -> Marks {
        self.union(other)
    }
}

impl std::ops::BitOrAssign for Marks {
    fn bitor_assign(&mut self, other: Marks) {
        *self = self.union(other);
    }
}

impl fmt::Debug for Marks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}
