import type { FillColor } from '@atrium/contracts';
import { RADIUS_OPTIONS } from '@atrium/contracts';
import type { DemoStep } from '../demo-step.js';
import { companies, companyContacts, companyLocations } from './clients.schema.js';

type DemoClient = {
  title: string;
  address: string;
  at: [lat: number, lng: number];
  clientCode: string;
  fillColor: FillColor;
  clientSince: string;
  contacts: [name: string, email: string, phone?: string][];
  locations: [title: string, address: string, lat: number, lng: number, km: number][];
};

const km = (n: number) => RADIUS_OPTIONS.km.find((o) => o.amount === n)!.metres;

const CLIENTS: DemoClient[] = [
  {
    title: 'Aarhus Havn Logistik',
    address: 'Nordhavnsgade 1, 8000 Aarhus C',
    at: [56.1572, 10.2107],
    clientCode: 'AHL-001',
    fillColor: 'blue',
    clientSince: '2019-04-01',
    contacts: [
      ['Mette Lund', 'mette.lund@aarhushavn.test', '+45 86 12 34 56'],
      ['Jens Kjær', 'jens.kjaer@aarhushavn.test'],
    ],
    locations: [
      ['Containerterminal', 'Østhavnsvej 43, 8000 Aarhus C', 56.1522, 10.2395, 3],
      ['Lager Skejby', 'Olof Palmes Allé 10, 8200 Aarhus N', 56.1943, 10.1748, 2],
    ],
  },
  {
    title: 'Odense Cykelværksted',
    address: 'Vestergade 58, 5000 Odense C',
    at: [55.3959, 10.3826],
    clientCode: 'OCV-014',
    fillColor: 'green',
    clientSince: '2021-09-15',
    contacts: [['Sofie Holm', 'sofie@odensecykel.test', '+45 66 11 22 33']],
    locations: [['Butik Vestergade', 'Vestergade 58, 5000 Odense C', 55.3959, 10.3826, 1]],
  },
  {
    title: 'Roskilde Bryghus',
    address: 'Algade 15, 4000 Roskilde',
    at: [55.6415, 12.0803],
    clientCode: 'RBH-007',
    fillColor: 'orange',
    clientSince: '2018-06-20',
    contacts: [
      ['Anders Møller', 'anders@roskildebryghus.test', '+45 46 35 00 10'],
      ['Camilla Juhl', 'camilla@roskildebryghus.test'],
    ],
    locations: [
      ['Bryggeri', 'Industrivej 4, 4000 Roskilde', 55.6281, 12.1002, 5],
      ['Udskænkning Algade', 'Algade 15, 4000 Roskilde', 55.6415, 12.0803, 0.5],
    ],
  },
  {
    title: 'Aalborg Tømrerfirma',
    address: 'Boulevarden 22, 9000 Aalborg',
    at: [57.0462, 9.9217],
    clientCode: 'ATF-021',
    fillColor: 'Purple',
    clientSince: '2022-01-10',
    contacts: [['Niels Bach', 'niels@aalborgtomrer.test', '+45 98 12 12 12']],
    locations: [['Værksted Nørresundby', 'Thistedvej 70, 9400 Nørresundby', 57.0676, 9.9061, 10]],
  },
  {
    title: 'Esbjerg Offshore Service',
    address: 'Dokvej 3, 6700 Esbjerg',
    at: [55.4636, 8.4406],
    clientCode: 'EOS-003',
    fillColor: 'red',
    clientSince: '2017-11-30',
    contacts: [
      ['Lars Andersen', 'lars@esbjergoffshore.test', '+45 75 45 00 00'],
      ['Pia Nygaard', 'pia@esbjergoffshore.test'],
    ],
    locations: [
      ['Havnekontor', 'Dokvej 3, 6700 Esbjerg', 55.4636, 8.4406, 2],
      ['Helikopterbase', 'Esbjerg Lufthavn, 6705 Esbjerg Ø', 55.5259, 8.5534, 15],
    ],
  },
  {
    title: 'Vejle Tekstil',
    address: 'Dæmningen 34, 7100 Vejle',
    at: [55.7093, 9.5357],
    clientCode: 'VTX-009',
    fillColor: 'pink',
    clientSince: '2020-02-03',
    contacts: [['Hanne Skov', 'hanne@vejletekstil.test']],
    locations: [['Fabrik', 'Vestre Engvej 12, 7100 Vejle', 55.7068, 9.5105, 4]],
  },
  {
    title: 'Helsingør Færgekiosk',
    address: 'Færgevej 8, 3000 Helsingør',
    at: [56.0361, 12.6136],
    clientCode: 'HFK-012',
    fillColor: 'yellow',
    clientSince: '2023-05-22',
    contacts: [['Jonas Friis', 'jonas@faergekiosk.test', '+45 49 21 00 21']],
    locations: [],
  },
  {
    title: 'Silkeborg Sø-Kajak',
    address: 'Åhave Allé 7, 8600 Silkeborg',
    at: [56.1697, 9.5451],
    clientCode: 'SSK-030',
    fillColor: 'lime',
    clientSince: '2024-03-01',
    contacts: [],
    locations: [['Udlejning Havnen', 'Papirfabrikken 20, 8600 Silkeborg', 56.1689, 9.5531, 1]],
  },
];

/** Northwind's clients with contacts and locations in real Danish towns (radii in km, the tenant's default). */
export const clientsDemo: DemoStep = async ({ tx, tenants }) => {
  const tenantId = tenants.northwind;
  for (const c of CLIENTS) {
    const [company] = await tx
      .insert(companies)
      .values({
        tenantId,
        title: c.title,
        address: c.address,
        latitude: c.at[0],
        longitude: c.at[1],
        clientCode: c.clientCode,
        fillColor: c.fillColor,
        clientSince: c.clientSince,
        aeAdvisor: c.contacts.length > 1,
        acquiredBy: 'Ada Admin',
        invoice: { id: crypto.randomUUID(), billTo: `${c.title}, bogholderi`, email: c.contacts[0]?.[1] ?? null },
      })
      .returning({ id: companies.id });
    if (c.contacts.length) {
      await tx.insert(companyContacts).values(
        c.contacts.map(([name, email, phoneNumber]) => ({
          tenantId,
          companyId: company!.id,
          name,
          email,
          phoneNumber,
        })),
      );
    }
    if (c.locations.length) {
      await tx.insert(companyLocations).values(
        c.locations.map(([title, address, latitude, longitude, radius]) => ({
          tenantId,
          companyId: company!.id,
          title,
          address,
          latitude,
          longitude,
          radius: km(radius),
        })),
      );
    }
  }
};
