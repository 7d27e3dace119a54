//! Character predicates of the `re` engine: the `\d \w \s` categories, character classes
//! and case folding, for str patterns (Unicode code points) and bytes patterns (ASCII rules).

use alloc::vec::Vec;

use crate::builtins::strpredicates::is_decimal;

/// How characters are classified: Unicode rules (str patterns without `re.ASCII`) or
/// ASCII rules (bytes patterns, or `re.ASCII`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Rules {
    pub unicode: bool,
    pub ignore_case: bool,
}

/// A `\d`, `\w` or `\s` category.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Category {
    Digit,
    Word,
    Space,
}

/// One item of a character class.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum ClassItem {
    /// An inclusive range of code points (a single character is a range of one).
    Range(u32, u32),
    /// A category, or (`negated`) its complement (`\D \W \S`).
    Category(Category, bool),
}

/// A character class `[...]` (or the class a category escape stands for).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Class {
    pub items: Vec<ClassItem>,
    pub negated: bool,
}

impl Category {
    /// Whether `c` belongs to the category.
    pub(super) fn contains(self, c: u32, rules: Rules) -> bool {
        if !rules.unicode || c < 0x80 {
            let b = c as u8;
            return c < 0x80
                && match self {
                    Category::Digit => b.is_ascii_digit(),
                    Category::Word => b.is_ascii_alphanumeric() || b == b'_',
                    // Unicode rules count the separators U+001C..U+001F as space too.
                    Category::Space => {
                        matches!(b, b' ' | b'\t'..=b'\r')
                            || (rules.unicode && (0x1c..=0x1f).contains(&b))
                    }
                };
        }
        let Some(ch) = char::from_u32(c) else {
            return false;
        };
        match self {
            Category::Digit => is_decimal(ch),
            // As `str.isalnum()` (the underscore is ASCII, above).
            Category::Word => ch.is_alphabetic() || ch.is_numeric(),
            // As `str.isspace()`.
            Category::Space => ch.is_whitespace(),
        }
    }
}

/// Whether `c` is a word character (for `\b` and `\B`).
pub(super) fn is_word(c: u32, rules: Rules) -> bool {
    Category::Word.contains(c, rules)
}

/// The lowercase of `c` when it is one character (the fold `re.IGNORECASE` compares).
pub(super) fn lower(c: u32, rules: Rules) -> u32 {
    if !rules.unicode || c < 0x80 {
        return if (0x41..=0x5a).contains(&c) {
            c + 32
        } else {
            c
        };
    }
    one_char(char::from_u32(c).map(char::to_lowercase), c)
}

/// The uppercase of `c` when it is one character.
pub(super) fn upper(c: u32, rules: Rules) -> u32 {
    if !rules.unicode || c < 0x80 {
        return if (0x61..=0x7a).contains(&c) {
            c - 32
        } else {
            c
        };
    }
    one_char(char::from_u32(c).map(char::to_uppercase), c)
}

fn one_char<I: Iterator<Item = char>>(it: Option<I>, c: u32) -> u32 {
    let Some(mut it) = it else { return c };
    match (it.next(), it.next()) {
        (Some(x), None) => u32::from(x),
        _ => c,
    }
}

/// Whether `a` and `b` are equal under the rules (ignoring case when asked).
pub(super) fn same(a: u32, b: u32, rules: Rules) -> bool {
    a == b || (rules.ignore_case && lower(a, rules) == lower(b, rules))
}

impl Class {
    /// Whether `c` is in the class.
    pub(super) fn contains(&self, c: u32, rules: Rules) -> bool {
        let hit = self.contains_exact(c, rules)
            || (rules.ignore_case && {
                let (lo, up) = (lower(c, rules), upper(c, rules));
                (lo != c && self.contains_exact(lo, rules))
                    || (up != c && self.contains_exact(up, rules))
            });
        hit != self.negated
    }

    fn contains_exact(&self, c: u32, rules: Rules) -> bool {
        self.items.iter().any(|item| match *item {
            ClassItem::Range(lo, hi) => lo <= c && c <= hi,
            ClassItem::Category(cat, neg) => cat.contains(c, rules) != neg,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const UNI: Rules = Rules {
        unicode: true,
        ignore_case: false,
    };
    const ASCII: Rules = Rules {
        unicode: false,
        ignore_case: false,
    };

    #[test]
    fn categories_follow_the_rules() {
        assert!(is_word(u32::from('é'), UNI));
        assert!(!is_word(u32::from('é'), ASCII));
        assert!(Category::Digit.contains(u32::from('٣'), UNI));
        assert!(!Category::Digit.contains(u32::from('²'), UNI));
        assert!(Category::Space.contains(0x1f, UNI));
        assert!(!Category::Space.contains(0xa0, ASCII));
    }

    #[test]
    fn case_folding_compares_lowercase() {
        let ic = Rules {
            unicode: true,
            ignore_case: true,
        };
        assert!(same(u32::from('É'), u32::from('é'), ic));
        assert!(!same(u32::from('É'), u32::from('é'), UNI));
        let class = Class {
            items: alloc::vec![ClassItem::Range(u32::from('a'), u32::from('z'))],
            negated: false,
        };
        assert!(class.contains(u32::from('Q'), ic));
        assert!(!class.contains(u32::from('Q'), UNI));
    }
}
