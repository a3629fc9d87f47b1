//! Value marks: annotations that travel with values through operations
//! without being part of them (OpenTofu's `marks.Sensitive`,
//! `marks.Ephemeral` and `marks.TypeType`).

use std::fmt;
use std::sync::Arc;

use super::deprecation::{self, DeprecationCause};

/// One mark.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mark {
    /// Hidden in plan and console output as `(sensitive value)`.
    Sensitive,
    /// Never persisted; shown as `(ephemeral value)`.
    Ephemeral,
    /// OpenTofu's `marks.TypeType`: made by the console's `type()`, whose
    /// result the console prints only as the whole result.
    TypeFunction,
}

impl Mark {
    const ALL: [Mark; 3] = [Mark::Sensitive, Mark::Ephemeral, Mark::TypeFunction];

    fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// A set of marks; cheap to copy and to combine. Deprecation marks are
/// kept as the number of their interned set of causes (0: none).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Marks {
    bits: u8,
    deprecations: u32,
}

impl Marks {
    pub const NONE: Marks = Marks::of_bits(0);
    pub const SENSITIVE: Marks = Marks::of_bits(1 << Mark::Sensitive as u8);
    pub const EPHEMERAL: Marks = Marks::of_bits(1 << Mark::Ephemeral as u8);

    const fn of_bits(bits: u8) -> Marks {
        Marks {
            bits,
            deprecations: 0,
        }
    }

    /// The mark of a value derived from what `cause` deprecates.
    pub fn deprecated(cause: DeprecationCause) -> Marks {
        Marks {
            bits: 0,
            deprecations: deprecation::single(cause),
        }
    }

    pub fn is_empty(self) -> bool {
        self.bits == 0 && self.deprecations == 0
    }

    pub fn contains(self, mark: Mark) -> bool {
        self.bits & mark.bit() != 0
    }

    pub fn with(self, mark: Mark) -> Marks {
        Marks {
            bits: self.bits | mark.bit(),
            ..self
        }
    }

    pub fn union(self, other: Marks) -> Marks {
        Marks {
            bits: self.bits | other.bits,
            deprecations: deprecation::union(self.deprecations, other.deprecations),
        }
    }

    /// The marks without payload.
    pub fn iter(self) -> impl Iterator<Item = Mark> {
        Mark::ALL.into_iter().filter(move |m| self.contains(*m))
    }

    pub fn has_deprecations(self) -> bool {
        self.deprecations != 0
    }

    /// What the deprecation marks say, in a stable order.
    pub fn deprecations(self) -> Vec<Arc<DeprecationCause>> {
        if self.deprecations == 0 {
            return Vec::new();
        }
        deprecation::causes(self.deprecations).to_vec()
    }

    pub fn without_deprecations(self) -> Marks {
        Marks::of_bits(self.bits)
    }
}

impl From<Mark> for Marks {
    fn from(mark: Mark) -> Marks {
        Marks::of_bits(mark.bit())
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
        let deprecations = self.deprecations();
        f.debug_set()
            .entries(self.iter().map(|m| format!("{m:?}")))
            .entries(
                deprecations
                    .iter()
                    .map(|c| format!("Deprecated({})", c.full_subject())),
            )
            .finish()
    }
}
