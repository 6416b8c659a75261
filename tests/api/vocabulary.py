# ruff: noqa: RUF001 (the words are Cyrillic, Armenian and Arabic on purpose)
"""The players' words, per language and game family: the word each text uses, the variants it
rejects, and the sentence shapes a language cannot take (docs/languages.md, "Vocabulary").

Data for tests/api/test_vocabulary.py, the lint that keeps every text (messages, cards, catalog,
glossary and the table's strings) to it. A `Term`'s `word` is the glossary's; `rejected` are other
spellings of the same thing and words of the wrong register or game; `only` names the families
whose texts may use the word (a Baloot word in a Blot text is another game's word); `keys` are the
entries that must read exactly `word` (the glossary's own entry, a suit's name).

Patterns are matched at the start of a word (a stem: `кахв` finds кахва, кахвы); Arabic ones
also after the article and the attached prepositions (ال، و، ف، ب، ل، ك), and to the end of the
word unless they end in `*`. A pattern starting with `re:` is a regular expression as it stands.
"""

from __future__ import annotations

from dataclasses import dataclass

FAMILIES = frozenset({"ohhell", "blot", "baloot"})
BALOOT = frozenset({"baloot"})
BLOT = frozenset({"blot"})
NOT_BALOOT = frozenset({"ohhell", "blot"})


@dataclass(frozen=True)
class Term:
    sense: str  # what the word names, in English
    word: str  # the one word the texts use (the glossary's)
    rejected: tuple[str, ...] = ()  # other spellings or words for the same thing: never in a text
    only: frozenset[str] = FAMILIES  # the families whose texts may use `word`
    keys: tuple[str, ...] = ()  # entries that must read exactly `word`
    source: str = ""  # where the word comes from
    pattern: str = ""  # how `word` is found in a text, where it is not `word` itself


AR_SOURCE = "Saudi players' usage: the Arabic readers' review (issue 30), Jawaker's Baloot rules"
SUITS_SOURCE = "the Arabic readers' review (issue 30); سبيت echoes 'spade'"

VOCABULARY: dict[str, tuple[Term, ...]] = {
    "ar": (
        Term("spades", "سبيت", keys=("suit.S", "suit_of.S"), source=SUITS_SOURCE),
        Term("hearts", "هاص", keys=("suit.H", "suit_of.H"), source=SUITS_SOURCE),
        Term("diamonds", "ديمن", keys=("suit.D", "suit_of.D"), source=SUITS_SOURCE),
        Term("clubs", "شريا", keys=("suit.C", "suit_of.C"), source=SUITS_SOURCE),
        Term(
            "trick",
            "أكلة",
            rejected=("لمّة", "لمة", "لمّات", "لمات", "لمّاتك", "لمّته"),
            source="Saudi players take a trick by 'eating' it (Arab News on Baloot); لمّة is Levantine",
        ),
        Term(
            "hand (a deal and its play)",
            "اليد",
            rejected=("re:(?<!\\w)(?:ال|هذا ال|و)?صك(?!ة|ات|\\w)",),
            source="plain Arabic: what the cards dealt are, and their play",
        ),
        Term(
            "the match to 152 (Baloot)",
            "صكة",
            only=BALOOT,
            pattern="صك*",
            source="Saudi players' word for a game to 152 (the sakkah-baloot project is named after it)",
        ),
        Term(
            "contract (Baloot: what was bought)",
            "المشترى",
            only=BALOOT,
            keys=("glossary.baloot.term.contract", "table:contract@baloot"),
            source="the glossary; Saudi players buy (يشتري) Hokum or Sun",
        ),
        Term(
            "contract (Blot, Oh Hell)",
            "العقد",
            only=NOT_BALOOT,
            keys=("glossary.blot.term.contract", "glossary.term.contract", "table:contract"),
            source="Arabic bridge and Belote usage",
        ),
        Term(
            "buying (Baloot's bidding)",
            "شراء",
            only=BALOOT,
            pattern="re:(?<!\\w)(?:و|ف|ب|ل)?(?:ال)?(?:شراء|شرائ|اشترى|اشتر|يشتري|المشتري|مشتري)",
            source=AR_SOURCE,
        ),
        Term(
            "no trumps in Baloot: Sun",
            "صن",
            only=BALOOT,
            keys=("glossary.baloot.strain.NT", "strain.NT@baloot", "table:strain.NT@baloot"),
            source=AR_SOURCE,
        ),
        Term(
            "no trumps (Blot, Oh Hell)",
            "بدون حكم",
            only=NOT_BALOOT,
            keys=("glossary.strain.NT", "strain.NT"),
            source="plain Arabic",
        ),
        Term(
            "pass (Baloot)",
            "بس",
            rejected=("بَس", "re:(?<!\\w)(?:ال)?باص(?!\\w)"),
            only=BALOOT,
            source=AR_SOURCE,
        ),
        Term("pass (Blot, Oh Hell)", "باس", only=NOT_BALOOT, source="the Belote loanword"),
        Term("Ashkal", "أشكل", rejected=("أشكال", "اشكال", "اشكل"), only=BALOOT, source=AR_SOURCE),
        Term("kaboot (Baloot)", "كبوت", only=BALOOT, source=AR_SOURCE),
        Term("capot (Blot)", "كابوت", only=BLOT, source="the Belote loanword"),
        Term("gahwa", "قهوة", rejected=("كهوة", "قهوه"), only=BALOOT, source=AR_SOURCE),
        Term("four hundred", "أربعمية", rejected=("أربعمائة", "اربعمية"), source=AR_SOURCE),
        Term("hundred", "مية", rejected=("مائة",), source=AR_SOURCE),
        Term(
            "projects (Baloot)",
            "مشاريع",
            only=BALOOT,
            pattern="re:(?<!\\w)(?:و|ف|ب|ل)?(?:ال)?مشاري?ع",
            source=AR_SOURCE,
        ),
        Term(
            "bazar (Blot's bidding)",
            "مزايدة",
            only=NOT_BALOOT,
            pattern="re:(?<!\\w)(?:و|ف|ب|ل)?(?:ال)?(?:مزايد|بازار)",
            source="plain Arabic",
        ),
        Term(
            "rule (a rule option)",
            "قاعدة",
            rejected=("قانون", "القانون", "قوانين", "القوانين"),
            source="the catalog's titles",
        ),
        Term("bot", "بوت", rejected=("روبوت", "الروبوت", "روبوتات"), source="the table's word"),
        Term(
            "four of a kind",
            "أربع من رتبة واحدة",
            rejected=("re:متشابه", "re:من نفس الرتبة", "re:أربع من نوع واحد"),
            source="a rank, not a suit (نوع is a suit)",
        ),
        Term(
            "match (Blot, Oh Hell; Baloot's is صكة)",
            "مباراة",
            only=NOT_BALOOT,
            pattern="re:(?<!\\w)(?:و|ف|ب|ل)?(?:ال)?(?:مباراة|مباريات|مبارات)",
            source="plain Arabic",
        ),
        Term(
            "hands (plural)",
            "الأيادي",
            rejected=("re:(?<!\\w)(?:و|ف|ب|ل)?(?:ال)?أيدي(?!\\w)",),
            source="one plural",
        ),
        Term("sira (Baloot's run of three)", "سرا", only=BALOOT, source=AR_SOURCE),
        Term(
            "run (Blot)",
            "سلسلة",
            only=NOT_BALOOT,
            pattern="re:(?<!\\w)(?:و|ف|ب|ل)?(?:ال)?سلاسل|(?<!\\w)(?:و|ف|ب|ل)?(?:ال)?سلسلة",
            source="plain Arabic",
        ),
        Term("seat (a player)", "اللاعب", rejected=("re:مقعد\\s*\\{",), source="seats are players"),
        Term(
            "contra (Blot)",
            "كونترا",
            only=BLOT,
            pattern="re:(?<!\\w)(?:و|ف|ب|ل)?(?:ال)?(?:ري)?كونترا",
            source="the Belote loanword",
        ),
        Term("terz (Blot)", "تيرز", only=BLOT, source="the Belote loanword"),
        Term(
            "dealer",
            "الموزّع",
            rejected=("re:(?<!\\w)(?:و|ف|ب|ل|ك)?(?:ال)?موزع(?!\\w)",),
            source="one spelling, with its shadda",
        ),
        Term(
            "writing: Western digits, and the tanween written before the alef (نزولًا, not نزولاً)",
            "",
            rejected=("re:[\u0660-\u0669]", "re:\u0627\u064b"),
        ),
        Term(
            "register: Modern Standard Arabic sentences (no Gulf colloquial verbs)",
            "",
            rejected=("لازم", "تقدر", "اللي", "مو", "ما فيه", "ما تقدر", "عشان", "وش", "ايش"),
        ),
    ),
    "hy": (
        Term(
            "Baloot",
            "Բալութ",
            rejected=("Բալոտ", "Բալուտ", "բալոտ", "բալուտ"),
            only=BALOOT,
            pattern="re:(?<!\\w)[Բբ]ալութ",
            source="the game's Arabic name, transliterated",
        ),
        Term(
            "blot (Blot's K and Q of trumps, and the game)",
            "բլոտ",
            only=BLOT,
            pattern="re:(?<!\\w)[Բբ]լոտ",
            source="Yerevan players' usage",
        ),
        Term(
            "combinations and Baloot's projects",
            "կոմբինացիա",
            rejected=("նախագ", "պրոեկտ"),
            source="Blot players' word, taken for Baloot's projects (one word for both)",
        ),
        Term(
            "contract (the bid that stands)",
            "հայտ",
            rejected=("պայմանագ",),
            keys=("glossary.blot.term.contract",),
            source="Blot players' word for a bid",
        ),
        Term(
            "contract (Baloot: the buy)",
            "գնում",
            only=FAMILIES,
            keys=("glossary.baloot.term.contract",),
            source="the glossary's buying phase",
        ),
        Term(
            "card",
            "խաղաքարտ",
            rejected=("խաղաթուղթ", "խաղաթղթ", "քարտ", "թուղթ", "թղթեր", "կարտ"),
            source="the word most entries used",
        ),
        Term("gahwa", "գահվա", rejected=("գահուա", "ղահվա", "կահվա"), only=BALOOT, source="transliteration"),
        Term(
            "Ashkal",
            "աշքալ",
            rejected=("աշկալ", "աշքել", "Աշկալ"),
            only=BALOOT,
            pattern="re:(?<!\\w)[Աա]շքալ",
            source="transliteration",
        ),
        Term(
            "Sun",
            "սան",
            rejected=("սուն", "Սուն"),
            only=BALOOT,
            pattern="re:(?<!\\w)[Սս]ան(?!\\w)|(?<!\\w)[Սս]անի?(?!\\w)",
            source="transliteration",
        ),
        Term(
            "Hokum",
            "հոքում",
            rejected=("հոկում", "Հոկում", "հուքում"),
            only=BALOOT,
            pattern="re:(?<!\\w)[Հհ]ոքում",
            source="transliteration",
        ),
        Term("sira", "սիրա", rejected=("սերա", "Սերա", "սիրրա"), only=BALOOT, source="transliteration"),
        Term("fifty", "հիսուն", rejected=("խամսին", "համսին"), source="Armenian numeral"),
        Term("double", "կրկնապատկ", rejected=("դաբլ", "դուբլ", "դաբըլ"), source="the glossary"),
        Term(
            "no trumps",
            "առանց կոզրի",
            rejected=("անկոզր",),
            only=NOT_BALOOT,
            keys=("strain.NT", "glossary.strain.NT"),
            source="the glossary; reads as a noun and as 'without trumps'",
        ),
        Term("register: formal you", "", rejected=("re:(?<!\\w)(?:[Դդ]ու|[Քք]ո|[Քք]եզ|[Քք]եզնից)(?!\\w)",)),
        Term(
            "seat (a player, named by number: {seat} համարի խաղացող)",
            "խաղացող",
            rejected=("re:\\{\\w+\\}\\s+տեղ", "re:(?<!\\w)տեղ[ըն]?\\s*\\{"),
            source="seats are players",
        ),
        Term(
            "three (the doubling step)",
            "երեք",
            rejected=("թրի", "սրի"),
            keys=("step.three",),
            source="the glossary",
        ),
        Term(
            "four (the doubling step)",
            "չորս",
            rejected=("re:(?<!\\w)ֆոր(?!\\w)",),
            keys=("step.four",),
            source="the glossary",
        ),
        Term(
            "four of a kind",
            "չորս միանման",
            rejected=("միատեսակ", "re:(?<!\\w)կա[րռ]ե(?!\\w)"),
            source="the glossary",
        ),
        Term(
            "match (a match of hands; խաղ is a game)",
            "պարտիա",
            rejected=(
                "re:(?<!\\w)[Եե]րկար խաղ",
                "re:(?<!\\w)[Նն]որ խաղ(?!\\w)",
                "re:(?<!\\w)[Խխ]աղի (?:ավարտ|արդյունք|երկարություն|նպատակ)",
            ),
            source="card players' word for a match",
        ),
        Term("king", "թագավոր", rejected=("արքա",), keys=("rank.K",), source="cards.po"),
        Term("queen", "թագուհի", rejected=("դամա",), keys=("rank.Q",), source="cards.po"),
        Term(
            "bazar (Blot's bidding)",
            "բազար",
            only=BLOT,
            pattern="re:(?<!\\w)[Բբ]ազար",
            source="Yerevan players",
        ),
        Term(
            "contra (Blot)",
            "կոնտրա",
            only=BLOT,
            pattern="re:(?<!\\w)(?:[Կկ]|[Ռռ]եկ)ոնտրա",
            source="Yerevan players",
        ),
        Term("terz (Blot)", "թերց", only=BLOT, pattern="re:(?<!\\w)[Թթ]երց", source="Yerevan players"),
        Term(
            "register: formal you (second person plural verbs)",
            "",
            rejected=(
                "re:(?<!\\w)(?:ունես|չունես|կարող ես|խաղա|վերցրու|նշանակիր|գուշակիր|կատարես)(?!\\w)",
                "re:(?<!\\w)(?:տուր|ասա|բացիր|ընտրիր)(?!\\w)",
            ),
        ),
    ),
    "ru": (
        Term(
            "gahwa",
            "гахва",
            rejected=("кахв", "гахуа", "кахуа", "гауа"),
            only=BALOOT,
            keys=("step.gahwa",),
            source="transliteration; the glossary",
        ),
        Term(
            "three (the doubling step)",
            "три",
            rejected=("сри", "сри ", "ثري"),
            keys=("step.three",),
            source="the glossary",
        ),
        Term(
            "four (the doubling step)",
            "четыре",
            rejected=("фор ", "re:(?<!\\w)фор(?!\\w)"),
            keys=("step.four",),
            source="the glossary",
        ),
        Term("double (the doubling step)", "дабл", only=BALOOT, keys=("step.double",), source="the glossary"),
        Term(
            "Baloot's projects (sira, fifty, hundred, four hundred)",
            "сира",
            rejected=("хамсин", "мия", "арбаамия", "арбамия"),
            source="the glossary: сира, пятьдесят, сто, четыреста",
        ),
        Term(
            "four of a kind",
            "каре",
            rejected=("четыре одинаков", "четыре карты одного"),
            source="Belote players' word",
        ),
        Term(
            "Baloot",
            "балут",
            rejected=("балот", "балоот", "балуут"),
            only=BALOOT,
            pattern="re:(?<!\\w)[Бб]алут",
            source="transliteration",
        ),
        Term(
            "kaboot (Baloot)",
            "кабут",
            only=BALOOT,
            keys=("glossary.baloot.capot",),
            pattern="re:(?<!\\w)[Кк]абут",
            source="transliteration",
        ),
        Term(
            "capot (Blot)",
            "капот",
            only=BLOT,
            keys=("glossary.blot.capot",),
            pattern="re:(?<!\\w)[Кк]апот",
            source="Belote players' word",
        ),
        Term(
            "Ashkal",
            "ашкаль",
            rejected=("ашкал ", "re:(?<!\\w)[Аа]шкал(?!ь|\\w)", "ашкел"),
            only=BALOOT,
            pattern="re:(?<!\\w)[Аа]шкал",
            source="transliteration",
        ),
        Term(
            "Sun",
            "сан",
            rejected=("сун ",),
            only=BALOOT,
            pattern="re:(?<!\\w)[Сс]ан(?:а|е|у|ом)?(?!\\w)",
            source="transliteration",
        ),
        Term(
            "Hokum",
            "хокум",
            rejected=("хоком", "хукум"),
            only=BALOOT,
            pattern="re:(?<!\\w)[Хх]окум",
            source="transliteration",
        ),
        Term(
            "a deal (the hand dealt and played)",
            "раздача",
            rejected=("re:(?<!\\w)[Сс]дача окончена",),
            source="one word",
        ),
        Term(
            "bazar (Blot's bidding)",
            "торговля",
            only=NOT_BALOOT,
            pattern="re:(?<!\\w)(?:[Тт]орговл|[Бб]азар)",
            source="Belote players",
        ),
        Term(
            "contra (Blot)",
            "контра",
            only=BLOT,
            pattern="re:(?<!\\w)(?:[Кк]|[Рр]ек)онтр(?!акт)",
            source="Belote players",
        ),
        Term(
            "a bid (Oh Hell: the tricks called)",
            "заказ",
            only=frozenset({"ohhell"}),
            pattern="re:(?<!\\w)(?:[Зз]аказ|[Зз]акаж)",
            source="Russian whist players",
        ),
        Term(
            "a bid (Blot)", "заявка", only=BLOT, pattern="re:(?<!\\w)[Зз]аяв(?:к|ок)", source="Belote players"
        ),
        Term(
            "sira (Baloot's run of three)",
            "сира",
            only=BALOOT,
            pattern="re:(?<!\\w)[Сс]ир[аыуеой]",
            source="transliteration",
        ),
        Term("terz (Blot)", "терц", only=BLOT, pattern="re:(?<!\\w)[Тт]ерц", source="Belote players"),
        Term(
            "buying (Baloot's bidding)",
            "покупка",
            only=BALOOT,
            pattern="re:(?<!\\w)[Пп]окупк",
            source="the glossary",
        ),
        Term(
            "register: formal you (second person plural verbs)",
            "",
            rejected=(
                "re:(?<!\\w)[а-яё]+(?:ешь|ёшь|ишь)(?!\\w)",
                "re:(?<!\\w)(?:клади|возьми|назови|заказывай|закажи|сыграй|ходи|бей|положи|скажи|выбери|открой|играй)(?!\\w)",
            ),
        ),
        Term(
            "seat (a player, not a place)",
            "игрок",
            rejected=("re:(?<!\\w)[Мм]ест[оау]? \\{",),
            source="seats are players",
        ),
        Term(
            "register: formal you",
            "",
            rejected=(
                "re:(?<!\\w)(?:ты|тебя|тебе|тобой|твой|твоя|твоё|твое|твои|твоих|твоей|твоего)(?!\\w)",
            ),
        ),
    ),
}

# Where a language needs an inflected form of what a placeholder inserts (a case ending, a count's
# agreement), the sentence must be written so that it does not: these shapes are refused.
INFLECTION: dict[str, tuple[tuple[str, str], ...]] = {
    "ar": (
        (
            r"\}\s*(?:أوراق|ورقات|ورقة|لاعبين|لاعبون|أكلات|أكلة|نقاط|نقطة|جولات|جولة|يد|أيادٍ|أيادي|مرات|مرة)(?!\w)",
            "a count before its noun",
        ),
        (r"\{(?!rank|suit_of)\w+\}\s+\{(?!rank|suit_of)\w+\}", "two numbers side by side"),
    ),
    "hy": (
        (r"\}-", "a case ending glued to a placeholder"),
        (r"\}[\u0561-\u0587]", "an ending written onto a placeholder"),
    ),
    "ru": (
        (r"\{\w+\}\s+(?:карт|взят|очк|игрок|раздач|ход)\w*", "a count before its noun"),
        (r"(?<!\w)[Хх]одит\s+\{", "a seat's name as the subject of a verb"),
        (r"(?<!\w)(?:ход|очередь)\s+мест\w*", "a seat as the one who plays"),
    ),
}
