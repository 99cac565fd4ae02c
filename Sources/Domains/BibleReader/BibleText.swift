/// The bundled read-only text: the note's 41-row fixture (KJV and WEB, public domain), built with
/// canonical ids (versification mapped at build time, never at runtime). Version 2 is an app update
/// that fixes one wording (John 3:17 KJV gains a comma) and changes nothing else.
enum BibleText {
    static let v1 = """
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

    /// Rows as (translation, id, text) in insertion order (FTS rowids 1...41).
    static func rows(version: Int) -> [(String, Int64, String)] {
        v1.split(separator: "\n").map { line in
            let p = line.split(separator: "|", maxSplits: 2)
            var text = String(p[2])
            let id = Int64(p[1])!
            if version >= 2 && p[0] == "KJV" && id == 43_003_017 {
                text = "For God sent not his Son into the world to condemn the world; but that the world, through him, might be saved."
            }
            return (String(p[0]), id, text)
        }
    }

    static let translations = ["KJV", "WEB"]
}
