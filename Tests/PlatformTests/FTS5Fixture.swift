// Generated from the bibleReader note's addendum A5 (corpus) and A6 (real SQLite FTS5 3.40.1 results).
// The numbers are SQLite's, not this code's.
enum FTS5Fixture {
    static let corpus = """
        KJV|1001001|In the beginning God created the heaven and the earth.
        KJV|1001002|And the earth was without form, and void; and darkness was upon the face of the deep. And the Spirit of God moved upon the face of the waters.
        KJV|1001003|And God said, Let there be light: and there was light.
        KJV|6001009|Have not I commanded thee? Be strong and of a good courage; be not afraid, neither be thou dismayed: for the LORD thy God is with thee whithersoever thou goest.
        KJV|19023001|The LORD is my shepherd; I shall not want.
        KJV|19023004|Yea, though I walk through the valley of the shadow of death, I will fear no evil: for thou art with me; thy rod and thy staff they comfort me.
        KJV|19046001|God is our refuge and strength, a very present help in trouble.
        KJV|19119105|Thy word is a lamp unto my feet, and a light unto my path.
        KJV|20003005|Trust in the LORD with all thine heart; and lean not unto thine own understanding.
        KJV|23040031|But they that wait upon the LORD shall renew their strength; they shall mount up with wings as eagles; they shall run, and not be weary; and they shall walk, and not faint.
        KJV|33006008|He hath shewed thee, O man, what is good; and what doth the LORD require of thee, but to do justly, and to love mercy, and to walk humbly with thy God?
        KJV|40005044|But I say unto you, Love your enemies, bless them that curse you, do good to them that hate you, and pray for them which despitefully use you, and persecute you;
        KJV|40022037|Jesus said unto him, Thou shalt love the Lord thy God with all thy heart, and with all thy soul, and with all thy mind.
        KJV|40022039|And the second is like unto it, Thou shalt love thy neighbour as thyself.
        KJV|41012031|And the second is like, namely this, Thou shalt love thy neighbour as thyself. There is none other commandment greater than these.
        KJV|43001001|In the beginning was the Word, and the Word was with God, and the Word was God.
        KJV|43003016|For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him should not perish, but have everlasting life.
        KJV|43003017|For God sent not his Son into the world to condemn the world; but that the world through him might be saved.
        KJV|43011035|Jesus wept.
        KJV|43013034|A new commandment I give unto you, That ye love one another; as I have loved you, that ye also love one another.
        KJV|43013035|By this shall all men know that ye are my disciples, if ye have love one to another.
        KJV|43014006|Jesus saith unto him, I am the way, the truth, and the life: no man cometh unto the Father, but by me.
        KJV|43015012|This is my commandment, That ye love one another, as I have loved you.
        KJV|45005008|But God commendeth his love toward us, in that, while we were yet sinners, Christ died for us.
        KJV|45008028|And we know that all things work together for good to them that love God, to them who are the called according to his purpose.
        KJV|45012010|Be kindly affectioned one to another with brotherly love; in honour preferring one another;
        KJV|46013004|Charity suffereth long, and is kind; charity envieth not; charity vaunteth not itself, is not puffed up,
        KJV|46013013|And now abideth faith, hope, charity, these three; but the greatest of these is charity.
        KJV|48005022|But the fruit of the Spirit is love, joy, peace, longsuffering, gentleness, goodness, faith,
        KJV|49002008|For by grace are ye saved through faith; and that not of yourselves: it is the gift of God:
        KJV|50004013|I can do all things through Christ which strengtheneth me.
        KJV|58011001|Now faith is the substance of things hoped for, the evidence of things not seen.
        KJV|60004008|And above all things have fervent charity among yourselves: for charity shall cover the multitude of sins.
        KJV|62004007|Beloved, let us love one another: for love is of God; and every one that loveth is born of God, and knoweth God.
        KJV|62004008|He that loveth not knoweth not God; for God is love.
        KJV|66022021|The grace of our Lord Jesus Christ be with you all. Amen.
        WEB|1001001|In the beginning, God created the heavens and the earth.
        WEB|19023001|Yahweh is my shepherd: I shall lack nothing.
        WEB|43003016|For God so loved the world, that he gave his one and only Son, that whoever believes in him should not perish, but have eternal life.
        WEB|43013034|A new commandment I give to you, that you love one another. Just like I have loved you, you also love one another.
        WEB|62004007|Beloved, let's love one another, for love is of God; and everyone who loves has been born of God, and knows God.
        """

    struct Case { let terms: String; let tag: String; let limit: Int; let error: String?; let rows: [(Int64, Double, String)] }

    static let cases: [Case] = [
        Case(terms: "love* one* another*", tag: "KJV", limit: 100, error: nil, rows: [(45012010, -4.544464386975193, "Be kindly affectioned [one] to [another] with brotherly [love]; in honour preferring…"), (43013034, -4.088899405969024, "A new commandment I give unto you, That ye [love] [one] [another]…"), (43015012, -3.5731681682379532, "This is my commandment, That ye [love] [one] [another], as I have…"), (62004007, -3.5128741317756083, "Beloved, let us [love] [one] [another]: for [love] is of God; and…"), (43013035, -3.174356329694649, "…that ye are my disciples, if ye have [love] [one] to [another].")]),
        Case(terms: "love* one* another*", tag: "WEB", limit: 100, error: nil, rows: [(43013034, -4.088899405969024, "A new commandment I give to you, that you [love] [one] [another]…"), (62004007, -2.9951955088991293, "Beloved, let's [love] [one] [another], for [love] is of God; and…")]),
        Case(terms: "LÓVE* One*", tag: "KJV", limit: 100, error: nil, rows: [(45012010, -2.29102789537074, "Be kindly affectioned [one] to another with brotherly [love]; in honour preferring…"), (43013034, -2.1236618818470827, "A new commandment I give unto you, That ye [love] [one] another…"), (62004007, -2.1236618818470827, "Beloved, let us [love] [one] another: for [love] is of God; and…"), (43015012, -1.8773246620278492, "This is my commandment, That ye [love] [one] another, as I have…"), (43013035, -1.630011734945997, "…that ye are my disciples, if ye have [love] [one] to another.")]),
        Case(terms: "love*", tag: "KJV", limit: 100, error: nil, rows: [(62004008, -0.3714118948122704, "He that [loveth] not knoweth not God; for God is [love]."), (43013034, -0.35748685326488033, "A new commandment I give unto you, That ye [love] one another…"), (62004007, -0.35748685326488033, "Beloved, let us [love] one another: for [love] is of God; and…"), (43015012, -0.35325623961677516, "This is my commandment, That ye [love] one another, as I have…"), (40022039, -0.26584609870934106, "And the second is like unto it, Thou shalt [love] thy neighbour…"), (45012010, -0.26584609870934106, "Be kindly affectioned one to another with brotherly [love]; in honour preferring…"), (48005022, -0.26584609870934106, "But the fruit of the Spirit is [love], joy, peace, longsuffering, gentleness…"), (43013035, -0.24209662275637, "…that ye are my disciples, if ye have [love] one to another."), (45005008, -0.24209662275637, "But God commendeth his [love] toward us, in that, while we were…"), (41012031, -0.22224249367600543, "And the second is like, namely this, Thou shalt [love] thy neighbour…"), (40022037, -0.2093651086721144, "Jesus said unto him, Thou shalt [love] the Lord thy God with…"), (43003016, -0.2093651086721144, "For God so [loved] the world, that he gave his only begotten…"), (45008028, -0.2093651086721144, "…for good to them that [love] God, to them who are the…"), (40005044, -0.1876223275566746, "But I say unto you, [Love] your enemies, bless them that curse…"), (33006008, -0.18443011809206683, "…to do justly, and to [love] mercy, and to walk humbly with…")]),
        Case(terms: "charity*", tag: "KJV", limit: 100, error: nil, rows: [(46013004, -3.8362653297472735, "[Charity] suffereth long, and is kind; [charity] envieth not; [charity] vaunteth not…"), (46013013, -3.4840590016240505, "And now abideth faith, hope, [charity], these three; but the greatest of…"), (60004008, -3.3758101259789295, "And above all things have fervent [charity] among yourselves: for [charity] shall…")]),
        Case(terms: "faith*", tag: "KJV", limit: 100, error: nil, rows: [(48005022, -2.3561615263369347, "…fruit of the Spirit is love, joy, peace, longsuffering, gentleness, goodness, [faith],"), (46013013, -2.2997603843831027, "And now abideth [faith], hope, charity, these three; but the greatest of…"), (58011001, -2.2997603843831027, "Now [faith] is the substance of things hoped for, the evidence of…"), (49002008, -2.0987985510192124, "For by grace are ye saved through [faith]; and that not of…")]),
        Case(terms: "faith* hope*", tag: "KJV", limit: 100, error: nil, rows: [(46013013, -5.293426696244954, "And now abideth [faith], [hope], charity, these three; but the greatest of…"), (58011001, -5.293426696244954, "Now [faith] is the substance of things [hoped] for, the evidence of…")]),
        Case(terms: "wept*", tag: "KJV", limit: 100, error: nil, rows: [(43011035, -5.1899032209071745, "Jesus [wept].")]),
        Case(terms: "shepherd*", tag: "KJV", limit: 100, error: nil, rows: [(19023001, -3.4957477613325083, "The LORD is my [shepherd]; I shall not want.")]),
        Case(terms: "shepherd*", tag: "WEB", limit: 100, error: nil, rows: [(19023001, -3.5962723034094792, "Yahweh is my [shepherd]: I shall lack nothing.")]),
        Case(terms: "commandment*", tag: "KJV", limit: 100, error: nil, rows: [(43015012, -2.3561615263369347, "This is my [commandment], That ye love one another, as I have…"), (41012031, -1.9697080967477234, "…There is none other [commandment] greater than these."), (43013034, -1.9301359136094913, "A new [commandment] I give unto you, That ye love one another…")]),
        Case(terms: "spirit*", tag: "KJV", limit: 100, error: nil, rows: [(48005022, -3.0670853514123646, "But the fruit of the [Spirit] is love, joy, peace, longsuffering, gentleness…"), (1001002, -2.2422314852218275, "…And the [Spirit] of God moved upon the face of the waters.")]),
        Case(terms: "word*", tag: "KJV", limit: 100, error: nil, rows: [(43001001, -4.4155933592336085, "In the beginning was the [Word], and the [Word] was with God…"), (19119105, -3.0670853514123646, "Thy [word] is a lamp unto my feet, and a light unto…")]),
        Case(terms: "neighbour* thyself*", tag: "KJV", limit: 100, error: nil, rows: [(40022039, -6.134170702824729, "…second is like unto it, Thou shalt love thy [neighbour] as [thyself]."), (41012031, -5.128054916918596, "…Thou shalt love thy [neighbour] as [thyself]. There is none other commandment…")]),
        Case(terms: "Jesus* Christ*", tag: "KJV", limit: 100, error: nil, rows: [(66022021, -5.279816556224089, "The grace of our Lord [Jesus] [Christ] be with you all. Amen.")]),
        Case(terms: "the*", tag: "KJV", limit: 5, error: nil, rows: [(1001001, -1.7434827945776851e-06, "In [the] beginning God created [the] heaven and [the] earth."), (43001001, -1.7169409288116448e-06, "In [the] beginning was [the] Word, and [the] Word was with God…"), (1001002, -1.7125006401392943e-06, "And [the] earth was without form, and void; and darkness was upon…"), (23040031, -1.6704131075478295e-06, "But [they] that wait upon [the] LORD shall renew [their] strength; [they]…"), (43014006, -1.6392960439237217e-06, "Jesus saith unto him, I am [the] way, [the] truth, and [the]…")]),
        Case(terms: "God*", tag: "KJV", limit: 3, error: nil, rows: [(62004008, -0.3714118948122704, "He that loveth not knoweth not [God]; for [God] is love."), (62004007, -0.35748685326488033, "…for love is of [God]; and every one that loveth is born…"), (43001001, -0.33679285994870084, "In the beginning was the Word, and the Word was with [God]…")]),
        Case(terms: "don* t*", tag: "KJV", limit: 100, error: nil, rows: []),
        Case(terms: "x²*", tag: "KJV", limit: 100, error: nil, rows: []),
        Case(terms: "faith* AND* hope*", tag: "KJV", limit: 100, error: "fts5: syntax error near \"*\"", rows: []),
        Case(terms: "\"faith\"* \"AND\"* \"hope\"*", tag: "KJV", limit: 100, error: nil, rows: [(46013013, -5.293427780902755, "[And] now abideth [faith], [hope], charity, these three; but the greatest of…")]),
        Case(terms: "NOT*", tag: "KJV", limit: 3, error: "fts5: syntax error near \"NOT\"", rows: []),
        Case(terms: "\"NOT\"*", tag: "KJV", limit: 3, error: nil, rows: [(46013004, -1.3737271333180856, "Charity suffereth long, and is kind; charity envieth [not]; charity vaunteth [not]…"), (62004008, -1.3331001690243107, "He that loveth [not] knoweth [not] God; for God is love."), (19023001, -1.087555660200539, "The LORD is my shepherd; I shall [not] want.")]),
        Case(terms: "love*", tag: "KJV", limit: 0, error: nil, rows: []),
        Case(terms: "wept*", tag: "KJV", limit: -1, error: nil, rows: [(43011035, -5.1899032209071745, "Jesus [wept].")]),
    ]
}
