import { list, p, type LegalDocument } from '../types.ts';

/** The Privacy Policy in Filipino: the same sections and periods as the English text. */
export const privacyFil: LegalDocument = {
  lastUpdated: '21 Nobyembre 2026',
  intro: [
    'Iginagalang ng Karera ang privacy mo. Ipinaliliwanag ng Patakaran sa Privacy na ito kung anong personal na impormasyon ang kinokolekta namin kapag ginagamit mo ang Karera, kung bakit namin ito kinokolekta, gaano katagal namin itong itinatago, kanino namin ito ibinabahagi, at ang mga karapatan mo rito sa ilalim ng Data Privacy Act of 2012 (Republic Act No. 10173), ng Implementing Rules and Regulations nito, at ng mga issuance ng National Privacy Commission (NPC).',
    'Ang Karera ang personal information controller ng impormasyong inilalarawan dito.',
  ],
  sections: [
    {
      id: 'collect',
      heading: '1. Impormasyong kinokolekta namin',
      blocks: [
        p('Kinokolekta lang namin ang kailangan para patakbuhin ang akawnt, mga taya at mga bayad mo:'),
        list(
          'Detalye ng akawnt: ang numero ng mobile, pangalan at apelyido mo, ang e-mail address mo kung magbibigay ka, ang password mo (naka-imbak lang bilang one-way hash, hindi kailanman mababasa ninuman) at ang referral o agent code na ginamit mo sa pag-register.',
          'Datos ng verification: mga one-time PIN (OTP) na ipinapadala sa numero ng mobile mo, at, kapag kailangan naming kumpirmahin ang edad o pagkakakilanlan mo, kopya ng valid na ID na galing sa gobyerno.',
          'Mga talaan ng transaksyon: ang mga deposito at withdrawal mo (halaga, petsa at oras, payment channel, numero ng nagpadala, pangalan at numero ng akawnt, mga numero ng reference, mga in-upload na larawan ng resibo at ang kalagayan nila), ang mga balanse mo, ang mga taya at ticket mo, mga resulta at bayad, mga na-claim na promo, bonus at rebate.',
          'Datos ng device at log: ang IP address mo, uri ng browser at device, operating system, ang mga page at feature na ginagamit mo, at ang petsa at oras ng bawat request at login, na itinatago sa aming mga server log para sa seguridad.',
          'Mga mensaheng ipinapadala mo sa amin: ang isinusulat mo sa contact form (pangalan, e-mail, dahilan at mensahe) o sa aming mga support channel.',
          'Mga aplikasyon ng master agent: ang e-mail, buong pangalan, username, numero ng mobile, Telegram account, selfie at ID ng gobyerno na isinumite mo.',
        ),
        p(
          'Itinatago rin ng browser mo ang login mo (ang player ID, session, pangalan, numero ng mobile at mga balanse mo) sa local storage nito para manatili kang naka-sign in; tinatanggal ito kapag nag-sign out ka.',
        ),
      ],
    },
    {
      id: 'purposes',
      heading: '2. Bakit namin ito ginagamit',
      blocks: [
        list(
          'Para gawin at protektahan ang akawnt mo, i-verify ang numero ng mobile mo at payagan kang mag-login (pagtupad ng aming kontrata sa iyo).',
          'Para tanggapin ang mga taya mo, i-settle ang mga ito, bayaran ang mga panalo at iproseso ang mga deposito at withdrawal mo (pagtupad ng kontrata).',
          'Para kumpirmahing kwalipikado kang maglaro, kasama na ang pagiging hindi bababa sa 21 taong gulang (legal na obligasyon at lehitimong interes).',
          'Para pigilan, tuklasin at imbestigahan ang panloloko, mga dobleng akawnt, pang-aabuso sa promo at money laundering, at panatilihing ligtas ang aming mga sistema (legal na obligasyon at lehitimong interes).',
          'Para itago ang mga talaang hinihingi ng Anti-Money Laundering Act, mga batas sa buwis at iba pang regulasyon (legal na obligasyon).',
          'Para sagutin ang mga tanong at reklamo mo, at asikasuhin ang mga request sa self-exclusion (pagtupad ng kontrata at lehitimong interes).',
          'Para ipaalam sa iyo ang mga promo at balita, kung pumayag ka lang na tumanggap ng mga ito; puwede mong bawiin ang pahintulot na iyon anumang oras (pahintulot).',
        ),
        p(
          'Hindi namin ibinebenta ang personal mong impormasyon, at hindi namin ito ginagamit sa mga layuning hindi tugma sa mga ito.',
        ),
      ],
    },
    {
      id: 'sharing',
      heading: '3. Kanino namin ito ibinabahagi',
      blocks: [
        list(
          'Mga payment channel (mga e-wallet gaya ng GCash at Maya, at mga bangko), ang mga detalyeng kailangan lang para ipadala o tanggapin ang pera mo.',
          'Ang aming mga agent at master agent na nagve-verify ng mga deposito at withdrawal, ang mga detalye lang ng transaksyon na kailangan nila para doon.',
          'Mga SMS provider na naghahatid ng mga OTP mo, at mga hosting at IT provider na nagpapatakbo ng aming mga sistema, sa ilalim ng nakasulat na kasunduang nag-aatas sa kanilang protektahan ang impormasyon mo at gamitin lang ito ayon sa aming utos.',
          'Mga awtoridad ng gobyerno, regulator at hukuman, kapag hinihingi ng batas, halimbawa ang Anti-Money Laundering Council.',
        ),
      ],
    },
    {
      id: 'retention',
      heading: '4. Gaano katagal namin ito itinatago',
      blocks: [
        list(
          'Itinatago ang mga detalye ng akawnt habang bukas ang akawnt mo at hanggang limang (5) taon pagkatapos itong isara.',
          'Itinatago ang mga talaan ng transaksyon, taya at bayad nang hindi bababa sa limang (5) taon mula sa transaksyon o sa pagsasara ng akawnt mo, ayon sa hinihingi ng Anti-Money Laundering Act.',
          'Itinatago ang mga dokumento ng pagkakakilanlan hangga’t itinatago ang mga talaang sinusuportahan nila.',
          'Nag-e-expire ang mga OTP pagkalipas ng limang (5) minuto at binubura sa loob ng tatlumpung (30) araw.',
          'Itinatago ang datos ng device at log nang hanggang labindalawang (12) buwan, mas matagal lang kung kailangan sa isang imbestigasyong nagpapatuloy.',
          'Itinatago ang mga mensahe sa contact form nang dalawang (2) taon pagkatapos namin itong sagutin.',
        ),
        p('Kapag tapos na ang panahon ng pagtatago, ligtas naming binubura o ina-anonymise ang impormasyon.'),
      ],
    },
    {
      id: 'security',
      heading: '5. Paano namin ito pinoprotektahan',
      blocks: [
        p(
          'Gumagamit kami ng mga organisasyonal, pisikal at teknikal na hakbang sa seguridad: naka-encrypt na koneksyon (HTTPS), naka-hash na password, mga session na nag-e-expire, mga one-time PIN, access ng staff na ayon lang sa kailangan ng trabaho nila, mga audit log ng mga aksyon sa back office, at regular na pagsusuri ng aming mga sistema. Kung ang isang personal data breach ay naglalagay sa iyo sa tunay na panganib ng malubhang pinsala, aabisuhan ka namin at ang National Privacy Commission ayon sa hinihingi ng batas.',
        ),
      ],
    },
    {
      id: 'rights',
      heading: '6. Ang mga karapatan mo bilang data subject',
      blocks: [
        p('Sa ilalim ng Data Privacy Act of 2012, may karapatan kang:'),
        list(
          'malaman kung pinoproseso, paano at bakit pinoproseso ang personal mong impormasyon;',
          'ma-access ang personal mong impormasyon at makakuha ng kopya nito;',
          'tumutol sa pagproseso, kasama na para sa direct marketing, at bawiin ang pahintulot mo;',
          'maitama ang impormasyong mali o kulang (rectification);',
          'maipahinto, maipabawi, maipa-block o maipabura ang impormasyon mo kapag hindi na ito kailangan, nakuha nang labag sa batas o pinoproseso nang walang legal na batayan, maliban sa mga talaang hinihingi ng batas na itago namin;',
          'sa data portability: makuha ang impormasyon mo sa elektroniko at karaniwang ginagamit na format;',
          'mabayaran sa pinsalang dulot ng impormasyong mali, kulang, luma, hindi totoo o nakuha nang labag sa batas, o ng hindi awtorisadong paggamit nito;',
          'maghain ng reklamo sa National Privacy Commission (privacy.gov.ph).',
        ),
        p(
          'Para gamitin ang alinman sa mga karapatang ito, makipag-ugnayan sa aming Data Protection Officer. Puwede ka muna naming hilinging kumpirmahin ang pagkakakilanlan mo, halimbawa gamit ang OTP na ipapadala sa rehistrado mong numero ng mobile. Sumasagot kami sa loob ng labinlimang (15) araw ng trabaho.',
        ),
      ],
    },
    {
      id: 'minors',
      heading: '7. Mga menor de edad',
      blocks: [
        p(
          'Para lang ang Karera sa mga taong dalawampu’t isang (21) taong gulang pataas. Hindi kami sadyang kumokolekta ng impormasyon mula sa mas bata. Kapag nalaman naming may menor de edad na nag-register, isasara namin ang akawnt at buburahin ang impormasyon, maliban sa hinihingi ng batas na itago namin.',
        ),
      ],
    },
    {
      id: 'changes',
      heading: '8. Mga pagbabago sa patakarang ito',
      blocks: [
        p(
          'Puwede naming i-update ang Patakaran sa Privacy na ito. Ipinapakita ng petsa sa itaas ang pinakabagong bersyon, at ipinapaalam namin sa app ang mahahalagang pagbabago bago ito magkabisa.',
        ),
      ],
    },
    {
      id: 'dpo',
      heading: '9. Makipag-ugnayan sa aming Data Protection Officer',
      blocks: [
        p(
          'Para sa mga tanong tungkol sa patakarang ito, para gamitin ang mga karapatan mo bilang data subject, o para mag-ulat ng alalahanin sa privacy, makipag-ugnayan sa aming Data Protection Officer. Pakisulat ang "Data Privacy" sa subject line.',
        ),
        { kind: 'supportContact', text: 'Ang Data Protection Officer ng Karera:' },
      ],
    },
  ],
};
