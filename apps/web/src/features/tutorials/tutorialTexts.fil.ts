import type { Translation } from '../../i18n/types.ts';
import type { tutorialTexts } from './tutorialTexts.ts';

/**
 * The tutorials in Filipino: every key of tutorialTexts, loaded only when Filipino is the language (its
 * own chunk). A step names a button or a tab the way the Filipino screen labels it (fil.ts), so the tour
 * reads like the screen it shows.
 */
export const tutorialTextsFil = {
  list: {
    intro:
      'Matutunan ang Karera nang hakbang-hakbang. Bawat tour ay gagabay sa iyo sa isang halimbawang screen na may halimbawang data: walang naipapadala at walang nababago sa account mo sa anumang gagawin mo sa tour.',
    activeHeading: 'Mga guided tour',
    disabledHeading: 'May mga tour pang paparating',
    start: 'Simulan ang tour',
    comingSoon: 'Malapit na',
    betTypesHeading: 'Tour sa pagtaya ayon sa uri ng taya',
    betTypesIntro: 'Simulan ang tour sa pagtaya sa uri ng taya na gusto mong matutunan.',
    betTypeLink: '{{type}} ({{code}})',
    keys: 'Sa loob ng tour, lumilipat ng hakbang ang kanan at kaliwang arrow key, at itinitigil ng Escape ang tour.',
  },
  names: {
    changepassword: 'Palitan ang password',
    bet: 'Tumaya',
    deposit: 'Mag-deposit',
    withdraw: 'Mag-withdraw',
    promo: 'Mag-claim ng promo',
    rebate: 'Rebate',
    updateAccount: 'I-update ang account',
    walletHistory: 'Kasaysayan ng wallet',
    betHistory: 'Kasaysayan ng taya',
    bonusBalance: 'Bonus balance',
  },
  summaries: {
    changepassword: 'Palitan ang password na ginagamit mo sa pag-login.',
    bet: 'Pumili ng kabayo, ilagay ang halaga at ipasok ang taya mo.',
    deposit: 'Magpadala ng pera at idagdag ito sa credit balance mo.',
    withdraw: 'I-cash out ang credit balance mo sa e-wallet o bangko mo.',
    promo: 'Maghanap ng promo at i-claim ito.',
    rebate: 'Paano ibinabalik ng rebate promo ang bahagi ng bawat taya mo bilang bonus.',
    updateAccount: 'Baguhin ang pangalan, email at mobile number mo.',
    walletHistory: 'Subaybayan ang mga deposito at withdrawal mo.',
    betHistory: 'Basahin ang mga ticket mo at ang resulta nila.',
    bonusBalance: 'Paano gumagana ang bonus balance mo.',
  },
  tour: {
    sample: 'Halimbawang screen na may halimbawang data. Walang naipapadala mula rito.',
    keys: 'Kanang arrow: susunod na hakbang. Kaliwang arrow: nakaraang hakbang. Escape: itigil ang tour.',
    stepOf: 'Hakbang {{current}} ng {{total}}',
    highlighted: 'Naka-highlight:',
    skip: 'Laktawan ang tour',
    previous: 'Bumalik',
    next: 'Susunod',
    finish: 'Tapusin',
  },
  sample: {
    eventName: 'Halimbawang Araw ng Karera',
    arena: 'Halimbawang Karerahan',
    receiverName: 'Halimbawang Tatanggap',
    holderName: 'Juan dela Cruz',
    welcomeName: 'Halimbawang Welcome Bonus',
    welcomeDescription: 'Halimbawang promo: ₱100 na bonus para sa mga bagong player.',
    rebateName: 'Halimbawang 5% Rebate',
    rebateDescription: 'Halimbawang promo: 5% ng bawat taya, ibinabalik bilang bonus.',
  },
  steps: {
    changepassword: {
      tab: {
        title: 'Tab na Palitan ang Password',
        body: 'Buksan ang Profile mula sa menu ng account, saka ang tab na Palitan ang Password.',
      },
      current: { title: 'Kasalukuyang password', body: 'I-type ang password na ginagamit mo ngayon sa pag-login.' },
      new: { title: 'Bagong password', body: 'Pumili ng bagong password na 6 hanggang 18 character.' },
      confirm: { title: 'Ulitin ang password', body: 'I-type ulit ang bagong password. Dapat magkapareho ang dalawa.' },
      submit: {
        title: 'I-update ang password',
        body: 'I-tap ang I-update ang password. Kapag may blangkong field o hindi magkapareho ang mga bagong password, sasabihin ng mensahe kung ano ang dapat ayusin.',
      },
      done: {
        title: 'Na-update na ang password',
        body: '“$t(messages.passwordUpdated)” ang lalabas kapag na-save na ang bago mong password. Ito na ang gamitin mo sa susunod mong pag-login.',
      },
    },
    bet: {
      raceTabs: {
        title: 'Mga tab ng numero ng karera',
        body: 'May sariling tab ang bawat karera ng araw, kasama ang numero at status nito. I-tap ang numero para buksan ang karerang iyon.',
      },
      betTypes: {
        title: 'Uri ng taya: {{type}}',
        body: '{{type}} ({{code}}): {{rule}}. Ang nakapindot na uri ng taya ang nasa slip mo; mag-tap ng iba para palitan ito.',
      },
      legs: {
        title: 'Ang mga karera ng ticket mo',
        consecutive:
          'Sakop ng isang {{type}} ticket ang {{count}} magkakasunod na karera. Mag-tap ng karera dito para piliin ang mga kabayo nito.',
        alternate:
          'Sakop ng isang {{type}} ticket ang dalawang karerang may isang karera sa pagitan: dito, ang mga karera {{first}} at {{second}}. Mag-tap ng karera para piliin ang mga kabayo nito.',
      },
      runners: {
        title: 'Mga kabayo at ang button na Taya',
        body: 'I-tap ang Taya sa tabi ng kabayo para piliin ito; i-tap ulit para tanggalin. Naka-highlight ang mga pili mo. Hindi puwedeng piliin ang mga scratched na kabayo.',
      },
      places: {
        title: 'Ang mga pili mo',
        winner:
          'Ang mga kabayong pinili mong mauuna. Pinipili ng Lahat ang bawat kabayo; tinatanggal naman ng I-clear ang lahat ng pili.',
        places:
          'Isang hilera para sa bawat isa sa unang {{count}} puwesto, ayon sa pagkakasunod ng pagdating. Mag-tap ng hilera, saka piliin ang mga kabayo nito. Pinipili ng Lahat ang bawat kabayo para sa puwestong iyon; tinatanggal ng I-clear ang mga ito.',
        legs: 'Isang hilera para sa bawat karera ng ticket. Mag-tap ng hilera, saka piliin ang mga kabayong sa tingin mo ay mananalo sa karerang iyon. Pinipili ng Lahat ang bawat kabayo; tinatanggal ng I-clear ang mga ito.',
      },
      amount: {
        title: 'Halaga',
        body: 'Ang halaga sa bawat kombinasyon, sa piso. Ang minimum sa {{type}} ay {{minimum}}.',
        even: 'Ang halaga sa bawat kombinasyon, sa piso. Ang minimum sa {{type}} ay {{minimum}}, at even (pares) na halaga lang ang tinatanggap.',
      },
      summary: {
        title: 'Mga kombinasyon at kabuuan',
        body: 'Ang kabuuan ay ang bilang ng kombinasyon mo na pinarami sa halaga mo: {{combinations}} x {{amount}} = {{total}}. Dapat mas kaunti sa {{limit}} ang kombinasyon ng isang taya, at dapat sapat ang balanse mo para sa kabuuan.',
      },
      useBonus: {
        title: 'Gamitin ang bonus',
        body: 'I-on ang switch na Gamitin para makataya ka rin gamit ang bonus balance mo. Pantaya lang ang bonus balance.',
      },
      submit: {
        title: 'Itaya Na',
        body: 'Tingnan ang mga pili mo at ang kabuuan, saka i-tap ang Itaya Na. Final na ang taya kapag naipasok na.',
      },
      receipt: {
        title: 'Resibo ng Taya',
        body: 'Nasa resibo ang ticket number, ang mga pili mo at ang kabuuan. I-tap ang OK para i-clear ang slip mo; makikita mo ang ticket sa kasaysayan ng taya mo.',
      },
    },
    deposit: {
      tab: {
        title: 'Tab na Mag-deposit',
        body: 'Buksan ang Bayaran mula sa menu sa ibaba. Ang tab na Mag-deposit ang unang bubukas.',
      },
      channel: {
        title: 'Ipadala sa',
        body: 'Piliin ang e-wallet o bangkong gagamitin mo sa pagpapadala. Kapag may badge ang channel, gaya ng +5%, may dagdag na bonus ito.',
      },
      account: {
        title: 'Account na tatanggap',
        body: 'Ipadala ang pera sa account na ito mula sa e-wallet o bangko mo. Kinokopya ng Kopyahin ang numero sa clipboard mo.',
      },
      receipt: {
        title: 'I-upload ang resibo',
        body: 'Opsyonal: kapag nag-upload ka ng screenshot ng resibo mo sa GCash o Maya, kami na ang magpupuno ng numero ng reference at halaga.',
      },
      amount: {
        title: 'Halaga',
        body: 'I-type ang halagang ipinadala mo, o mag-tap ng mabilisang halaga. Nasa ilalim ng field ang minimum at maximum.',
      },
      details: {
        title: 'Numero ng nagpadala at numero ng reference',
        body: 'Ilagay ang numerong ginamit mo sa pagpapadala at ang numero ng reference sa resibo mo, para mahanap ng aming agent ang bayad mo.',
      },
      submit: {
        title: 'I-submit ang Deposito',
        body: 'I-tap ang I-submit ang Deposito kapag naipadala mo na ang pera.',
      },
      success: {
        title: 'Naipadala ang request',
        body: 'Kapag na-verify na ito ng aming agent, papasok ang deposito mo sa loob ng {{minutes}} minuto. Kung pending pa rin ito pagkalipas ng {{minutes}} minuto, pakikontak ang aming customer service.',
      },
    },
    withdraw: {
      tab: { title: 'Tab na Mag-withdraw', body: 'Buksan ang Bayaran, saka ang tab na Mag-withdraw.' },
      balance: {
        title: 'Balanseng puwedeng i-withdraw',
        body: 'Credit balance mo lang ang puwedeng i-withdraw. Pantaya lang ang bonus balance.',
      },
      amount: {
        title: 'Halaga',
        body: 'I-type ang halaga o mag-tap ng mabilisang halaga. Nasa ilalim ng field ang minimum at maximum, at hindi ka puwedeng mag-withdraw nang higit sa credit balance mo.',
      },
      company: { title: 'Saan tatanggapin', body: 'Piliin ang e-wallet o bangkong tatanggap ng pera mo.' },
      account: {
        title: 'Pangalan at numero ng account',
        body: 'Ilagay ang pangalan at numero ng account na tatanggap ng pera. Tingnan itong mabuti.',
      },
      submit: {
        title: 'I-submit ang Withdraw',
        body: 'I-tap ang I-submit ang Withdraw. Ibabawas agad ang halaga sa credit balance mo habang pinoproseso ito ng aming agent.',
      },
      success: {
        title: 'Naipadala ang request',
        body: 'Napoproseso ang withdrawal sa loob ng 30 minuto hanggang 1 oras. Pending ang request mo sa Kasaysayan ng Wallet hanggang maaprubahan ito.',
      },
    },
    promo: {
      active: {
        title: 'Aktibong Promo',
        body: 'Kapag “Walang Aktibong Promo” ang nakasulat, puwede kang mag-claim. Isang promo lang ang puwedeng aktibo sa isang pagkakataon.',
      },
      code: { title: 'Promo code', body: 'May promo code ka? I-type ito dito at pindutin ang I-SUBMIT.' },
      card: {
        title: 'Isang promo card',
        body: 'Makikita sa bawat card ang reward, kung saan ito papasok (Balanseng Promo o Balanseng Kredito), ilan pa ang natitira, ang kailangang deposito at tagal ng account, at kung gaano katagal ang promo.',
      },
      claim: { title: 'I-claim ang Promo', body: 'I-tap ang I-claim ang Promo sa promong gusto mo.' },
      confirm: {
        title: 'Kumpirmahin ang claim mo',
        body: 'Tingnan ang pangalan, uri ng reward at tagal ng promo, saka i-tap ang I-claim.',
      },
      success: {
        title: 'Na-claim ang promo',
        body: '“$t(promo.success)” ang lalabas kasama ang mga bago mong balanse. I-tap ang OK para isara ito.',
      },
      after: {
        title: 'Ang aktibong promo mo',
        body: 'Makikita sa strip ang promo mo hanggang matapos ito. Habang aktibo ito, May Aktibong Promo ang nakasulat sa bawat ibang card.',
      },
    },
    rebate: {
      card: {
        title: 'Isang rebate promo',
        body: 'Habang ito ang aktibo mong promo, ibinabalik ng rebate promo ang {{percent}}% ng bawat taya mo bilang bonus balance.',
      },
      claim: {
        title: 'I-claim ito',
        body: 'I-claim ito gaya ng ibang promo. Isang promo lang ang puwedeng aktibo sa isang pagkakataon, kaya tumatakbo ang rebate habang aktibo ang promong ito.',
      },
      active: {
        title: 'Ang aktibong promo mo',
        body: 'Makikita sa strip na ang rebate promo ang aktibo mong promo.',
      },
      bet: {
        title: 'Taya mula sa credit balance mo',
        body: 'Halimbawa, tumaya ka ng {{stake}} sa Win mula sa credit balance mo.',
      },
      earned: {
        title: 'Nakuhang bonus',
        body: 'Pagka-settle ng karera, panalo man o talo, babalik ang {{percent}}% ng {{stake}}: papasok ang {{rebate}} sa bonus balance mo. Makikita ito sa kasaysayan ng taya mo bilang Nakuhang bonus.',
      },
      bonusBet: {
        title: 'Taya gamit ang bonus',
        body: 'Walang rebate ang bonus na ginamit sa taya: itong {{stake}} na taya na may tatak na Taya gamit ang Bonus ay galing sa bonus balance mo, kaya {{zero}} ang kita nito at walang Nakuhang bonus.',
      },
      balance: {
        title: 'Bonus balance',
        body: 'Naiipon sa bonus balance mo ang mga rebate mo. Itaya ito sa pag-on ng switch na Gamitin; hindi ito puwedeng i-withdraw.',
      },
    },
  },
} as const satisfies Translation<typeof tutorialTexts>;
