//! Tokens produced by the lexer.

use super::ast::{Constant, Loc, Name};
use alloc::boxed::Box;
use alloc::string::String;

/// Reserved keywords of Python 3.11 (soft keywords such as `match` are plain names).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs, reason = "the variants are the keywords themselves")]
pub enum Kw {
    False,
    None,
    True,
    And,
    As,
    Assert,
    Async,
    Await,
    Break,
    Class,
    Continue,
    Def,
    Del,
    Elif,
    Else,
    Except,
    Finally,
    For,
    From,
    Global,
    If,
    Import,
    In,
    Is,
    Lambda,
    Nonlocal,
    Not,
    Or,
    Pass,
    Raise,
    Return,
    Try,
    While,
    With,
    Yield,
}

impl Kw {
    /// The keyword for an identifier, if it is one.
    pub fn from_ident(s: &str) -> Option<Kw> {
        Some(match s {
            "False" => Kw::False,
            "None" => Kw::None,
            "True" => Kw::True,
            "and" => Kw::And,
            "as" => Kw::As,
            "assert" => Kw::Assert,
            "async" => Kw::Async,
            "await" => Kw::Await,
            "break" => Kw::Break,
            "class" => Kw::Class,
            "continue" => Kw::Continue,
            "def" => Kw::Def,
            "del" => Kw::Del,
            "elif" => Kw::Elif,
            "else" => Kw::Else,
            "except" => Kw::Except,
            "finally" => Kw::Finally,
            "for" => Kw::For,
            "from" => Kw::From,
            "global" => Kw::Global,
            "if" => Kw::If,
            "import" => Kw::Import,
            "in" => Kw::In,
            "is" => Kw::Is,
            "lambda" => Kw::Lambda,
            "nonlocal" => Kw::Nonlocal,
            "not" => Kw::Not,
            "or" => Kw::Or,
            "pass" => Kw::Pass,
            "raise" => Kw::Raise,
            "return" => Kw::Return,
            "try" => Kw::Try,
            "while" => Kw::While,
            "with" => Kw::With,
            "yield" => Kw::Yield,
            _ => return None,
        })
    }

    /// The keyword's spelling.
#[cfg_attr(not(feature = "internals"), allow(dead_code, reason = "the lexer's tests use it"))]
    pub fn as_str(self) -> &'static str {
        match self {
            Kw::False => "False",
            Kw::None => "None",
            Kw::True => "True",
            Kw::And => "and",
            Kw::As => "as",
            Kw::Assert => "assert",
            Kw::Async => "async",
            Kw::Await => "await",
            Kw::Break => "break",
            Kw::Class => "class",
            Kw::Continue => "continue",
            Kw::Def => "def",
            Kw::Del => "del",
            Kw::Elif => "elif",
            Kw::Else => "else",
            Kw::Except => "except",
            Kw::Finally => "finally",
            Kw::For => "for",
            Kw::From => "from",
            Kw::Global => "global",
            Kw::If => "if",
            Kw::Import => "import",
            Kw::In => "in",
            Kw::Is => "is",
            Kw::Lambda => "lambda",
            Kw::Nonlocal => "nonlocal",
            Kw::Not => "not",
            Kw::Or => "or",
            Kw::Pass => "pass",
            Kw::Raise => "raise",
            Kw::Return => "return",
            Kw::Try => "try",
            Kw::While => "while",
            Kw::With => "with",
            Kw::Yield => "yield",
        }
    }
}

/// Operators and delimiters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs, reason = "the variants are named after their spelling")]
pub enum Op {
    LPar,
    RPar,
    LSqb,
    RSqb,
    LBrace,
    RBrace,
    Colon,
    Comma,
    Semi,
    Plus,
    Minus,
    Star,
    Slash,
    VBar,
    Amper,
    Less,
    Greater,
    Equal,
    Dot,
    Percent,
    EqEqual,
    NotEqual,
    LessEqual,
    GreaterEqual,
    Tilde,
    Circumflex,
    LeftShift,
    RightShift,
    DoubleStar,
    PlusEqual,
    MinEqual,
    StarEqual,
    SlashEqual,
    PercentEqual,
    AmperEqual,
    VBarEqual,
    CircumflexEqual,
    LeftShiftEqual,
    RightShiftEqual,
    DoubleStarEqual,
    DoubleSlash,
    DoubleSlashEqual,
    At,
    AtEqual,
    RArrow,
    Ellipsis,
    ColonEqual,
}

impl Op {
    /// The operator's spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Op::LPar => "(",
            Op::RPar => ")",
            Op::LSqb => "[",
            Op::RSqb => "]",
            Op::LBrace => "{",
            Op::RBrace => "}",
            Op::Colon => ":",
            Op::Comma => ",",
            Op::Semi => ";",
            Op::Plus => "+",
            Op::Minus => "-",
            Op::Star => "*",
            Op::Slash => "/",
            Op::VBar => "|",
            Op::Amper => "&",
            Op::Less => "<",
            Op::Greater => ">",
            Op::Equal => "=",
            Op::Dot => ".",
            Op::Percent => "%",
            Op::EqEqual => "==",
            Op::NotEqual => "!=",
            Op::LessEqual => "<=",
            Op::GreaterEqual => ">=",
            Op::Tilde => "~",
            Op::Circumflex => "^",
            Op::LeftShift => "<<",
            Op::RightShift => ">>",
            Op::DoubleStar => "**",
            Op::PlusEqual => "+=",
            Op::MinEqual => "-=",
            Op::StarEqual => "*=",
            Op::SlashEqual => "/=",
            Op::PercentEqual => "%=",
            Op::AmperEqual => "&=",
            Op::VBarEqual => "|=",
            Op::CircumflexEqual => "^=",
            Op::LeftShiftEqual => "<<=",
            Op::RightShiftEqual => ">>=",
            Op::DoubleStarEqual => "**=",
            Op::DoubleSlash => "//",
            Op::DoubleSlashEqual => "//=",
            Op::At => "@",
            Op::AtEqual => "@=",
            Op::RArrow => "->",
            Op::Ellipsis => "...",
            Op::ColonEqual => ":=",
        }
    }
}

/// A string literal token, kept undecoded: escapes are processed by the parser so that
/// decoding errors are reported in CPython's order (after earlier syntax errors).
#[derive(Clone, Debug, PartialEq)]
pub struct StrLit {
    /// `b` prefix.
    pub bytes: bool,
    /// `r` prefix.
    pub raw: bool,
    /// `f` prefix.
    pub fmt: bool,
    /// Triple-quoted.
    pub triple: bool,
    /// The text between the quotes, exactly as written.
    pub body: String,
    /// Line of the first body character.
    pub body_line: u32,
    /// 0-based character column of the first body character.
    pub body_col: u32,
}

/// What a token is.
#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    /// An identifier (including soft keywords).
    Name(Name),
    /// A numeric literal (`Int`, `BigInt` or `Float`).
    Number(Constant),
    /// A string or bytes literal.
    Str(Box<StrLit>),
    /// A reserved keyword.
    Kw(Kw),
    /// An operator or delimiter.
    Op(Op),
    /// End of a logical line.
    Newline,
    /// Indentation increased.
    Indent,
    /// Indentation decreased.
    Dedent,
    /// End of input.
    EndMarker,
    /// A stray ASCII character that starts no token (`$`, `?`, `` ` ``, a lone `!`); the
    /// parser reports `invalid syntax` at it, as CPython does.
    Unknown(char),
    /// The lexer failed here; the error is in [`super::lexer::Lexed::error`].
    Error,
}

/// A token with its source range.
#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    /// What it is.
    pub tok: Tok,
    /// Where it is (characters, 0-based columns).
    pub loc: Loc,
}
