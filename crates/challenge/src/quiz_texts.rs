//! What the results say about each type: a line for the free view, a longer description for the
//! full report, and the categories (by subid) whose books the report recommends.

use crate::quiz::{Colour, Intelligence};

/// The words of one type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TypeText {
    /// One or two sentences: the free view.
    pub summary: &'static str,
    /// Plain text; a blank line separates paragraphs.
    pub description: &'static str,
    /// Category subids whose most read books the report recommends.
    pub categories: &'static [&'static str],
}

pub fn intelligence_text(kind: Intelligence) -> TypeText {
    match kind {
        Intelligence::Linguistic => TypeText {
            summary: "You think in words: reading, writing and explaining are how you make sense of the world.",
            description: "People strong in linguistic intelligence notice how things are said as much as what is said. You remember quotes, enjoy a well-built sentence and often understand an idea best once you have written it down or explained it to someone else.\n\nUse it: keep a reading journal, summarise each book you finish in three sentences, and teach what you learn. Stretch it by reading outside your usual genres.",
            categories: &["philosophy", "biography"],
        },
        Intelligence::LogicalMathematical => TypeText {
            summary: "You think in patterns and causes: you want to know how things work and whether the numbers add up.",
            description: "Logical-mathematical thinkers enjoy reasoning step by step, testing claims and finding the rule behind a set of examples. You are comfortable with data and tend to distrust an argument that has none.\n\nUse it: read books that build a model of the world and check their claims against what you know. Stretch it by looking for the human stories behind the numbers.",
            categories: &["economics", "science"],
        },
        Intelligence::Spatial => TypeText {
            summary: "You think in pictures: maps, diagrams and the shape of a problem come to you easily.",
            description: "Spatial intelligence is the ability to hold and turn images in the mind. You probably sketch while you think, remember places well and understand a system faster from a diagram than from a paragraph.\n\nUse it: draw a one-page map of each book you read, and prefer visual summaries and infographics. Stretch it by turning abstract ideas into pictures for others.",
            categories: &["strategy", "science"],
        },
        Intelligence::Musical => TypeText {
            summary: "You think in rhythm and sound: tone, timing and melody carry meaning for you.",
            description: "Musical intelligence goes beyond playing an instrument: it is sensitivity to rhythm, pitch and tone, including the tone of a voice. You may learn best by listening and remember things that have a beat.\n\nUse it: listen to the audio versions of summaries, and read aloud the passages you want to keep. Stretch it by noticing the rhythm of good writing and good speeches.",
            categories: &["spirituality", "biography"],
        },
        Intelligence::BodilyKinesthetic => TypeText {
            summary: "You think by doing: you learn a skill best with your hands and your whole body.",
            description: "Bodily-kinesthetic intelligence is skill in using the body, from sport to craft to performance. You understand an idea once you have tried it, and long stretches of sitting still cost you energy.\n\nUse it: turn every book into one experiment you try this week, and read or listen on the move. Stretch it by writing down what the practice taught you.",
            categories: &["self-improvement", "productivity"],
        },
        Intelligence::Interpersonal => TypeText {
            summary: "You read people well: you sense moods, motives and what a group needs.",
            description: "Interpersonal intelligence is the ability to understand others and work well with them. People confide in you, and you often know how a meeting is going before anyone says so.\n\nUse it: discuss what you read with friends or colleagues, and pick books on persuasion, teams and leadership. Stretch it by making time to understand yourself as well as you understand others.",
            categories: &["psychology", "business"],
        },
        Intelligence::Intrapersonal => TypeText {
            summary: "You know yourself well: your feelings, values and what you want from life.",
            description: "Intrapersonal intelligence is self-knowledge: an accurate picture of your own strengths, limits and motives. You reflect before you act and set goals that fit who you are.\n\nUse it: end each summary by writing what it changes for you, and read about habits, emotions and purpose. Stretch it by sharing your reflections with someone you trust.",
            categories: &["self-improvement", "psychology"],
        },
        Intelligence::Naturalistic => TypeText {
            summary: "You notice the living world: you sort, classify and feel at home in nature.",
            description: "Naturalistic intelligence is the ability to recognise and classify plants, animals and the patterns of the natural world. The same skill shows up in spotting categories anywhere: products, trends, kinds of people.\n\nUse it: read science and nature writing, and build your own categories for the ideas you collect. Stretch it by applying what you see in nature to systems at work.",
            categories: &["science", "spirituality"],
        },
        Intelligence::Existential => TypeText {
            summary: "You ask the big questions: meaning, purpose and how to live well.",
            description: "Existential intelligence is the capacity to think about the deepest questions of human life: why we are here, what matters and how to face change and loss. You enjoy conversations that do not end with a tidy answer.\n\nUse it: read philosophy and spirituality, and keep a list of the questions each book raises. Stretch it by turning a big question into one small decision this week.",
            categories: &["philosophy", "spirituality"],
        },
    }
}

pub fn colour_text(colour: Colour) -> TypeText {
    match colour {
        Colour::Red => TypeText {
            summary: "Red: direct, decisive and driven by results. You like to lead and to move fast.",
            description: "Reds set the pace. You decide quickly, say what you think and are most alive when there is a goal to reach. Others rely on you to cut through hesitation.\n\nWatch for: impatience with slower people and with details. Read about leadership, strategy and negotiation, and about listening.",
            categories: &["strategy", "business"],
        },
        Colour::Yellow => TypeText {
            summary: "Yellow: sociable, optimistic and full of ideas. You bring energy to a group.",
            description: "Yellows are enthusiasts. You make friends easily, enjoy new ideas and can get a room excited about a plan. Your optimism helps a team through hard times.\n\nWatch for: starting more than you finish. Read about creativity and persuasion, and about focus and follow-through.",
            categories: &["psychology", "self-improvement"],
        },
        Colour::Green => TypeText {
            summary: "Green: patient, steady and caring. You keep the peace and people trust you.",
            description: "Greens are the calm centre of a group. You listen, support others and value harmony and routine. People know they can count on you.\n\nWatch for: avoiding conflict you need to have and resisting change. Read about relationships and mindfulness, and about speaking up.",
            categories: &["spirituality", "psychology"],
        },
        Colour::Blue => TypeText {
            summary: "Blue: careful, analytical and precise. You want to get things right.",
            description: "Blues are the analysts. You check the facts, plan before you act and hold yourself to high standards. Your work can be relied on.\n\nWatch for: perfectionism and slow decisions. Read about systems, economics and productivity, and about acting on incomplete information.",
            categories: &["productivity", "economics"],
        },
    }
}
