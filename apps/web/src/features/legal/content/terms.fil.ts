import { list, p, type LegalDocument } from '../types.ts';

/**
 * The Terms and Conditions in Filipino: the same sections, numbers and rules as the English text. The
 * bet-type names (Win, Forcast, Pick 4…) stay as the racing world writes them.
 */
export const termsFil: LegalDocument = {
  lastUpdated: '21 Nobyembre 2026',
  intro: [
    'Ang mga Tuntunin at Kundisyong ito ("Mga Tuntunin") ang namamahala sa paggamit mo ng Karera, ang aming website at web application para sa pagtaya sa piso ng Pilipinas sa mga live na karera ng kabayo ("Karera", "kami"). Pakibasa ito nang mabuti. Sa pag-register ng akawnt, pag-deposit, pagtaya o anumang paggamit ng Karera, kinukumpirma mong nabasa, naintindihan at tinanggap mo ang Mga Tuntuning ito, ang aming Patakaran sa Privacy at ang Mga Patakaran sa Taya na nasa app. Kung hindi ka sang-ayon, huwag gamitin ang Karera.',
  ],
  sections: [
    {
      id: 'eligibility',
      heading: '1. Sino ang puwedeng maglaro',
      blocks: [
        p('Puwede kang mag-register at tumaya kung totoo ang lahat ng sumusunod:'),
        list(
          'Ikaw ay hindi bababa sa dalawampu’t isang (21) taong gulang.',
          'Naka-register ka sa Karera sa sarili mong pangalan at sa sarili mong verified na numero ng mobile.',
          'Hindi ka estudyante ng anumang paaralan, kolehiyo o unibersidad.',
          'Hindi ka hinete, trainer, may-ari ng kabayo, opisyal ng karera, o empleyado ng racing club, karerahan o anumang kumpanyang nag-oorganisa o nagpapatakbo ng karera ng kabayo.',
          'Hindi ka empleyado o opisyal ng Karera o ng mga agent nito na ipinagbabawal ng kanilang trabaho ang pagtaya.',
          'Hindi ka opisyal o empleyado ng gobyerno na ipinagbabawal ng iyong opisina o ng batas ang pagtaya.',
          'Legal para sa iyo ang pagtaya sa karera ng kabayo kung nasaan ka.',
        ),
        p(
          'Puwede ka naming hingan anumang oras ng patunay ng edad at pagkakakilanlan mo gamit ang valid na ID na galing sa gobyerno. Kung hindi mo natutugunan ang mga kundisyong ito, o hindi mo ito mapatunayan, isasara namin ang akawnt mo. Walang bisa ang mga tayang ginawa habang hindi ka kwalipikado; ibabalik namin ang mga depositong hindi naitaya, at puwede naming hindi ibigay ang mga panalo.',
        ),
      ],
    },
    {
      id: 'account',
      heading: '2. Ang akawnt mo',
      blocks: [
        list(
          'Isang akawnt lang bawat tao. Isasara ang mga dobleng akawnt at puwedeng pagsamahin o kumpiskahin.',
          'Magre-register ka gamit ang numero ng mobile sa Pilipinas at kukumpirmahin ito gamit ang one-time PIN (OTP) na ipinapadala sa SMS. Panatilihing updated ang numero ng mobile mo; dito ka namin nakikilala.',
          'Ibigay ang totoo at kumpletong detalye (pangalan, apelyido, numero ng mobile at, kung maglalagay ka, e-mail). Para palitan ang mga detalye mo, makipag-ugnayan sa aming support team.',
          'Ilihim ang password mo at bawat OTP. Huwag itong ibigay kaninuman, kahit sa nagsasabing taga-Karera siya: hindi kailanman hihingin ito ng aming staff at mga agent.',
          'Ikaw ang mananagot sa lahat ng ginawa gamit ang akawnt mo. Sabihan kami agad kung sa tingin mo ay may ibang gumamit nito.',
          'Personal ang akawnt mo. Hindi mo ito puwedeng ibenta, ilipat o ipahiram, o tumaya para sa ibang tao.',
        ),
      ],
    },
    {
      id: 'payments',
      heading: '3. Mga deposito at withdrawal',
      blocks: [
        list(
          'Nasa piso ng Pilipinas (₱) ang lahat ng balanse, taya at bayad.',
          'Ang minimum na deposito ay ₱50. Ang minimum na withdrawal ay ₱200. Nasa screen ng Bayaran ang maximum na halaga bawat transaksyon.',
          'Mag-deposit lang sa receiving account na ipinapakita sa iyo sa screen ng Bayaran, at ilagay ang eksaktong halaga at numero ng reference ng padala mo. Papasok ang deposito kapag na-verify na ng aming agent, kadalasan sa loob ng limang (5) minuto. Kung pending pa rin pagkatapos noon, makipag-ugnayan sa support dala ang numero ng reference mo.',
          'Ibinabayad lang ang mga withdrawal sa e-wallet o bank account na nasa sarili mong pangalan. Pinoproseso ito pagkatapos ma-verify, kadalasan sa loob ng tatlumpung (30) minuto hanggang isang (1) oras. Tingnang mabuti ang pangalan at numero ng akawnt; hindi kami mananagot sa bayad na napunta sa maling detalyeng inilagay mo.',
          'Hindi bank deposit ang credit balance mo at walang interes ito. Para sa pagtaya ang mga deposito: puwede naming tanggihan ang withdrawal ng perang idineposito pero hindi kailanman naitaya, o humingi ng patunay kung saan galing ang pera.',
          'Puwede kaming humingi ng mga dokumento bago magbayad ng withdrawal, at puwede naming tanggihan o bawiin ang transaksyong mapanlinlang, galing sa akawnt na hindi nakapangalan sa iyo, o nagawa nang mali. Sa ilalim ng Anti-Money Laundering Act (Republic Act No. 9160, ayon sa susog) puwede naming i-ulat sa mga awtoridad ang mga kahina-hinalang transaksyon.',
        ),
      ],
    },
    {
      id: 'bets',
      heading: '4. Pagtaya',
      blocks: [
        list(
          'Puwede kang tumaya sa isang karera habang bukas lang ang taya rito. Tanggap lang ang taya kapag ipinakita ng app ang bet receipt na may ticket number; saka kukunin ang halaga sa credit balance mo, o sa bonus balance mo kung pinili mong gamitin ito.',
          'Final ang lahat ng taya. Hindi na puwedeng kanselahin, palitan o i-refund ang tinanggap na taya, maliban sa sinasabi ng Mga Tuntuning ito tungkol sa mga inalis na kabayo at kinanselang karera. Tingnan ang karera, uri ng taya, mga pili at halaga bago mag-submit.',
          'May minimum na base bet bawat kombinasyon ang bawat uri ng taya (₱1 sa Win, Forcast, Trifecta, Quartet, Pentafecta, Double, DD+1 at XD; ₱2 sa Pick 4, Pick 5, Pick 6 at Winner Take All). Dapat even na halaga ang taya sa Winner Take All. Hindi puwedeng umabot sa 2,000 kombinasyon o higit pa ang isang taya. Ang halaga ng taya ay ang bilang ng kombinasyon na pinarami sa base na halaga.',
          'Ipinaliliwanag sa page ng Mga Patakaran sa Taya ang patakaran ng bawat uri ng taya, ang mga karerang sakop ng bawat multi-race pool at kung paano pinipili ang mga nanalo; bahagi ito ng Mga Tuntuning ito.',
          'Kung natanggap ang isang taya dahil sa halatang teknikal na error (halimbawa, pagkasara na ng taya, o sa presyo o halagang hindi dapat pinayagan ng sistema), puwede namin itong ipawalang-bisa at ibalik ang halaga sa balanse mo.',
        ),
      ],
    },
    {
      id: 'dividends',
      heading: '5. Mga pool, resulta at dividend',
      blocks: [
        list(
          'Pari-mutuel ang mga taya: ang lahat ng taya ng iisang uri sa iisang karera (o iisang hanay ng mga karera) ay bumubuo ng isang pool. Pagkatapos ng kaltas na nakasaad sa Mga Patakaran sa Taya, hinahati ang pool sa mga nanalong kombinasyon. Ipinapakita ang dividend para sa bawat ₱1.00 na taya.',
          'Tantiya lang ang odds na makikita bago magsara ang karera at nagbabago ito habang dumarating ang mga taya. Nakabatay ang bayad sa iyo sa final na dividend.',
          'Nakabatay ang settlement sa opisyal na resulta ng karera ayon sa deklarasyon ng mga opisyal ng karera, hindi sa live stream na puwedeng maantala o maputol. Kinikilala lang ang pagbabago sa opisyal na resulta pagkatapos ng settlement kung binago ito ng mga opisyal bago ideklara ang mga dividend.',
          'Kapag dead heat, hinahati nang pantay ang net pool sa mga nanalong kombinasyon. Kung walang may hawak ng nanalong kombinasyon, ililipat o ire-refund ang pool ayon sa sinasabi ng Mga Patakaran sa Taya para sa uri ng pool na iyon.',
        ),
      ],
    },
    {
      id: 'limits',
      heading: '6. Mga limit ng panalo',
      blocks: [
        p(
          'May hangganan ang kabuuang ibinabayad sa isang taya: ang limit ng panalo ng uri ng taya nito, gaano man kalaki ang dividend. Hindi ibinabayad ang anumang lampas sa limit. Ito ang kasalukuyang mga limit:',
        ),
        { kind: 'winLimits' },
      ],
    },
    {
      id: 'scratches',
      heading: '7. Mga inalis na kabayo at kinanselang karera',
      blocks: [
        list(
          'Kung inalis (scratched) ang isang kabayo sa karera, ire-refund ang mga kombinasyon ng single-race na taya na may kasama rito.',
          'Sa multi-race na taya (Double, DD+1, XD, Pick 4, Pick 5, Pick 6, Winner Take All), papalitan ang inalis na kabayo ng paborito sa karerang iyon, o ire-refund ang mga apektadong kombinasyon, ayon sa sinasabi ng Mga Patakaran sa Taya para sa pool na iyon.',
          'Kung kinansela ang karera o idineklarang no race, walang bisa ang lahat ng taya rito at ibabalik nang buo ang halaga sa balanseng pinagkunan nito (kredito o bonus). Ang mga multi-race na tayang may kasamang kinanselang karera ay inaayos ayon sa Mga Patakaran sa Taya.',
        ),
      ],
    },
    {
      id: 'bonus',
      heading: '8. Bonus balance at mga promo',
      blocks: [
        list(
          'Hiwalay ang bonus balance mo sa credit balance mo. Pantaya lang ito. Hindi ito kailanman puwedeng i-withdraw, ilipat o ipagpalit sa pera.',
          'Isang aktibong promo lang ang puwede sa isang pagkakataon. Makaka-claim ka lang ng bagong promo kapag tapos na ang aktibo.',
          'Nakasaad sa bawat promo ang reward nito (papasok sa bonus balance o sa credit balance), ang mga kailangan (halimbawa, minimum na deposito sa araw ding iyon o minimum na tagal ng akawnt), ilang beses ito puwedeng i-claim at gaano katagal ito. Bahagi ng Mga Tuntuning ito ang mga mekaniks ng promo.',
          'Binabayaran ang rebate sa bahagi ng taya na galing sa credit balance mo; walang rebate ang bonus na ginamit sa taya.',
          'Para sa totoong indibidwal na manlalaro ang mga promo. Kung may makita kaming dobleng akawnt, sabwatan o anumang pagtatangkang abusuhin ang promo, puwede naming kanselahin ang promo, tanggalin ang bonus at anumang panalong nakuha rito, at isara ang mga akawnt na sangkot.',
        ),
      ],
    },
    {
      id: 'responsible-gaming',
      heading: '9. Responsableng paglalaro',
      blocks: [
        p(
          'Dapat libangan ang pagtaya, hindi paraan para kumita o bawiin ang talo. Itaya lang ang perang kaya mong matalo, magtakda ng budget at limit ng oras, at magpahinga.',
        ),
        list(
          'Self-exclusion: puwede mong hilinging isara namin ang akawnt mo sa panahong pipiliin mo (hindi bababa sa anim na buwan) o habambuhay. Makipag-ugnayan sa aming support team mula sa rehistrado mong numero ng mobile o e-mail. Habang naka-exclude ka, hindi ka makakapag-login, makakataya o makakapag-claim ng promo, at hindi ka namin padadalhan ng mga promosyon. Ibabayad sa iyo ang natitira mong credit balance kapag hiniling mo.',
          'Puwede ring ayusin sa support ang mas maikling cooling-off na pahinga.',
          'Kung nakasasama na sa iyo o sa pamilya mo ang pagtaya, kausapin ang taong pinagkakatiwalaan mo at humingi ng tulong sa propesyonal.',
        ),
      ],
    },
    {
      id: 'conduct',
      heading: '10. Mga bawal',
      blocks: [
        p('Hindi mo puwedeng:'),
        list(
          'gamitin ang Karera sa money laundering, panloloko o anumang labag sa batas;',
          'tumaya gamit ang impormasyong hindi alam ng publiko, o makipagsabwatan sa ibang manlalaro, hinete, trainer o staff ng karera;',
          'gumamit ng automated na tool, script o bot, o guluhin ang app, ang live stream o ang aming mga sistema;',
          'gumamit ng payment account, numero ng mobile o pagkakakilanlang hindi sa iyo;',
          'insultuhin, pagbantaan o harasin ang aming staff, mga agent o ibang manlalaro.',
        ),
        p(
          'Kapag nilabag mo ang mga patakarang ito, puwede naming suspindihin o isara ang akawnt mo, ipawalang-bisa ang mga tayang sangkot, hindi ibigay ang mga panalong nakuha nang hindi tama at i-ulat ang usapin sa mga awtoridad.',
        ),
      ],
    },
    {
      id: 'service',
      heading: '11. Availability ng serbisyo',
      blocks: [
        p(
          'Sinisikap naming laging available ang Karera, pero hindi namin ginagarantiya na laging available, tuloy-tuloy o walang error ang website, ang app o ang live stream. Puwedeng maantala o matigil ang pagtaya dahil sa maintenance, problema sa network o pangyayari sa karerahan. Hindi naipasok ang tayang walang natanggap na ticket number.',
        ),
      ],
    },
    {
      id: 'closure',
      heading: '12. Suspensyon at pagsasara',
      blocks: [
        p(
          'Puwede mong isara ang akawnt mo anumang oras sa pakikipag-ugnayan sa support; ibabayad namin ang credit balance mong puwedeng i-withdraw sa akawnt na nasa pangalan mo. Puwede naming suspindihin o isara ang akawnt na lumalabag sa Mga Tuntuning ito, kailangan sa isang imbestigasyon, o kapag hinihingi ng batas. Kapag isinara ang akawnt, mawawala ang anumang bonus balance.',
        ),
      ],
    },
    {
      id: 'liability',
      heading: '13. Pananagutan',
      blocks: [
        p(
          'Hangga’t pinapayagan ng batas, hindi mananagot ang Karera sa hindi direkta o kaugnay na pagkalugi, sa pagkalugi dahil sa mga pangyayaring wala sa makatwiran naming kontrol, o sa pagkalugi dahil hindi mo inilihim ang password at OTP mo. Walang anuman sa Mga Tuntuning ito ang naglilimita sa pananagutang hindi puwedeng limitahan sa ilalim ng batas ng Pilipinas.',
        ),
      ],
    },
    {
      id: 'changes',
      heading: '14. Mga pagbabago sa Mga Tuntuning ito',
      blocks: [
        p(
          'Puwede naming i-update ang Mga Tuntuning ito, ang Mga Patakaran sa Taya at ang mga mekaniks ng promo. Ipinapakita ng petsa sa itaas ang pinakabagong bersyon. Ipinapaalam sa app ang mahahalagang pagbabago bago ito magkabisa. Ang mga tayang tinanggap bago ang pagbabago ay sakop pa rin ng Mga Tuntuning umiiral noong ginawa ang mga ito.',
        ),
      ],
    },
    {
      id: 'law',
      heading: '15. Batas na umiiral at mga reklamo',
      blocks: [
        p(
          'Ang Mga Tuntuning ito ay sakop ng mga batas ng Republika ng Pilipinas. Kung may reklamo ka, makipag-ugnayan muna sa aming support team dala ang ticket number o transaction ID mo; iimbestigahan namin ito at sasagutin ka. Ang mga alitang hindi maaayos sa ganitong paraan ay dadalhin sa mga tamang hukuman ng Pilipinas.',
        ),
        { kind: 'supportContact', text: 'May tanong tungkol sa Mga Tuntuning ito? Sumulat sa amin sa' },
      ],
    },
  ],
};
