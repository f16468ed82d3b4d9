import { list, p, type LegalDocument } from '../types.ts';

/** About Us in Filipino: the same sections as the English page, in the words Filipino bettors use. */
export const aboutFil: LegalDocument = {
  lastUpdated: '21 Nobyembre 2026',
  intro: [
    'Ang Karera ang numero unong online horse racing sa Pilipinas. Dinadala namin ang saya ng karerahan sa cellphone mo: panoorin nang live ang bawat karera, tumaya sa piso, at subaybayan ang mga ticket, resulta at panalo mo sa iisang lugar.',
  ],
  sections: [
    {
      id: 'what-we-offer',
      heading: 'Ang inaalok namin',
      blocks: [
        list(
          'Live streaming ng bawat karera sa programa, kasama ang numero ng karera, mga kabayo, hinete at live odds sa tabi ng video.',
          'Lahat ng sikat na uri ng taya: Win, Forcast, Trifecta, Quartet, Pentafecta, Daily Double, DD+1, Extra Double, Pick 4, Pick 5, Pick 6 at Winner Take All, mula ₱1 lang bawat kombinasyon.',
          'Mabilis na cash in at cash out sa GCash, Maya at malalaking bangko: mag-deposit mula ₱50 at mag-withdraw mula ₱200.',
          'Mga promo, bonus credit at rebate para sa aming mga manlalaro, at mga tutorial na nagpapakita kung paano mag-deposit, tumaya, mag-withdraw at mag-claim ng promo.',
          'Malinaw na resulta at dividend, at buong kasaysayan ng mga taya at transaksyon sa wallet mo.',
        ),
      ],
    },
    {
      id: 'how-it-works',
      heading: 'Paano magsimula',
      blocks: [
        list(
          'Mag-register gamit ang numero ng mobile mo at kumpirmahin ito gamit ang one-time PIN na ite-text namin sa iyo.',
          'Mag-deposit sa paborito mong e-wallet o bangko.',
          'Buksan ang screen ng Karera, piliin ang uri ng taya at mga kabayo, at i-submit ang taya mo bago magsara ang taya.',
          'Panoorin nang live ang karera. Papasok sa balanse mo ang panalo kapag opisyal na ang resulta.',
        ),
      ],
    },
    {
      id: 'fair-and-safe',
      heading: 'Patas at ligtas',
      blocks: [
        p(
          'Pari-mutuel ang mga taya: ang mga manlalaro ang naglalaban-laban, hindi kayo laban sa amin, at galing sa mga pool ang dividend. May ticket number ang bawat taya, nakatala ang bawat pisong gumagalaw, at sinusunod ng resulta ang opisyal na deklarasyon ng mga opisyal ng karera.',
        ),
        p(
          'Protektado ang akawnt mo ng password mo at ng mga one-time PIN na ipinapadala sa numero ng mobile mo, at pinangangalagaan ang personal mong impormasyon ayon sa Data Privacy Act of 2012.',
        ),
      ],
    },
    {
      id: 'responsible',
      heading: 'Maglaro nang responsable',
      blocks: [
        p(
          'Para lang ang Karera sa mga manlalarong 21 taong gulang pataas na hindi estudyante, hinete, trainer o empleyado ng karerahan. Libangan ang pagtaya: magtakda ng budget, magpahinga, at huwag habulin ang talo. Kung kailangan mo ng pahinga, maisasara ng aming support team ang akawnt mo sa panahong pipiliin mo.',
        ),
      ],
    },
    {
      id: 'support',
      heading: 'Narito kami para tumulong',
      blocks: [
        p(
          'Sumasagot ang aming customer service team sa aming Telegram group, Facebook page at sa contact form sa page na Makipag-ugnayan.',
        ),
        { kind: 'supportContact', text: 'Puwede mo rin kaming i-e-mail sa' },
      ],
    },
  ],
};
